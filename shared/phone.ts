/**
 * `020 7946 0321` → `tel:+442079460321` (E.164, so it dials from abroad too). A module without zod,
 * so the contact form's island can link the agency's phone without loading the site's config schema.
 */
export function telHref(phone: string): string {
  return `tel:+44${phone.replace(/\s+/g, '').replace(/^0/, '')}`
}
