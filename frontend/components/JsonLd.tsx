import { type JsonLdThing, serializeJsonLd } from '../seo/structured-data.ts'

/**
 * Structured data for search engines. A JSON-LD script is data, never executed, so it stands
 * under the CSP's `script-src 'self'` without a hash or nonce.
 */
export function JsonLd({ data }: { readonly data: JsonLdThing | readonly JsonLdThing[] }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised JSON with `<` escaped, not markup.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  )
}
