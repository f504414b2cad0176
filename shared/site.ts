import { z } from 'zod'

/**
 * The agency's identity: the one place its name, e-mail, phone and address on the web are set.
 * Defaults are placeholders (an Ofcom drama number, a reserved `.example` domain); deployments
 * override them with environment variables, checked here so a typo fails the build, not the page.
 */
const siteSchema = z.object({
  name: z.string().trim().min(1, 'SITE_NAME must not be empty'),
  email: z.email('SITE_EMAIL must be an e-mail address'),
  phone: z
    .string()
    .trim()
    .regex(/^0\d[\d ]{8,12}$/, 'SITE_PHONE must be a UK number written like 020 7946 0321'),
  url: z
    .url({ protocol: /^https?$/, message: 'SITE_URL must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, '')),
  gaMeasurementId: z
    .string()
    .trim()
    .regex(/^G-[A-Z0-9]+$/, 'GA_MEASUREMENT_ID must look like G-XXXXXXXXXX')
    .optional(),
})

export type Site = z.infer<typeof siteSchema>

export const siteDefaults = {
  name: 'Elevate Digital',
  email: 'hello@elevate-digital.example',
  phone: '020 7946 0321',
  url: 'https://www.elevate-digital.example',
} as const

type Env = Record<string, string | undefined>

/** Reads the identity from the environment, falling back to the defaults; throws naming each bad variable. */
export function parseSite(env: Env): Site {
  const blankToUndefined = (value: string | undefined) => (value?.trim() ? value : undefined)
  const result = siteSchema.safeParse({
    name: blankToUndefined(env.SITE_NAME) ?? siteDefaults.name,
    email: blankToUndefined(env.SITE_EMAIL) ?? siteDefaults.email,
    phone: blankToUndefined(env.SITE_PHONE) ?? siteDefaults.phone,
    url: blankToUndefined(env.SITE_URL) ?? siteDefaults.url,
    gaMeasurementId: blankToUndefined(env.GA_MEASUREMENT_ID),
  })
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- ${issue.message}`).join('\n')
    throw new Error(`Invalid site configuration:\n${problems}`)
  }
  return result.data
}

/** `020 7946 0321` → `tel:+442079460321` (E.164, so it dials from abroad too). */
export function telHref(phone: string): string {
  return `tel:+44${phone.replace(/\s+/g, '').replace(/^0/, '')}`
}

export function absoluteUrl(site: Pick<Site, 'url'>, path: string): string {
  return path === '/' ? `${site.url}/` : `${site.url}${path}`
}
