import { usePageContext } from 'vike-react/usePageContext'
import { absoluteUrl, brandColours } from '#shared/site.ts'
import { speculationRulesText } from '#shared/speculation-rules.ts'
import { site } from '../build-identity.ts'
import { PAGE_END_ID } from '../components/PageEnd.tsx'
import { artworkFamilyFor } from '../page-families.ts'
import { iconDataUri } from '../seo/icon.ts'
import { socialImageAlt, socialImageSize } from '../seo/social-image.ts'

/** Search and sharing tags every page carries beyond the title, description and image vike-react writes. */
export default function Head() {
  const pageContext = usePageContext()
  const { title, description, keywords } = pageContext.config
  const url = absoluteUrl(site, pageContext.urlPathname)
  const isErrorPage = pageContext.is404 ?? false
  const imageAlt = socialImageAlt(site.name, artworkFamilyFor(pageContext.urlPathname))
  return (
    <>
      {keywords && <meta name="keywords" content={keywords.join(', ')} />}
      {/* The 404 page is served with status 404, which already keeps it out of search indexes. */}
      {!isErrorPage && <link rel="canonical" href={url} />}
      <meta property="og:url" content={url} />
      <meta property="og:image:width" content={String(socialImageSize.width)} />
      <meta property="og:image:height" content={String(socialImageSize.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:image:alt" content={imageAlt} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="en_GB" />
      {typeof title === 'string' && <meta name="twitter:title" content={title} />}
      {typeof description === 'string' && <meta name="twitter:description" content={description} />}
      <meta name="theme-color" content={brandColours.theme} />
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      {/* The tab icon travels inside the page: a request of its own would share the first
          round trips with the page (docs/decisions/0022-pictures-inside-the-page.md). */}
      <link rel="icon" href={iconDataUri} type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      {/* The first paint waits until the page is parsed to its end, so a slow phone draws the
          page whole rather than a part that moves as the rest is parsed; the page's scripts
          start after that paint (docs/decisions/0027-first-paint-before-scripts.md). */}
      <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
      {/* Next pages prerendered on a sign of intent; the CSP admits this exact text by hash. */}
      <script
        type="speculationrules"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the shared rules' JSON, paths only, no markup.
        dangerouslySetInnerHTML={{ __html: speculationRulesText }}
      />
    </>
  )
}
