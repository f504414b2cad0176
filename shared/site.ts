import * as z from 'zod/mini'

const optionalUrl = (variable: string) =>
  z.optional(z.url({ protocol: /^https$/, error: `${variable} must be an https URL` }))

/**
 * A string, trimmed, then `checks`. Zod's mini API throughout: its schemas are plain data, so the
 * pages' script and the functions load a fraction of the classic API (decision 0006).
 */
const trimmed = (...checks: z.core.$ZodCheck<string>[]) => z.string().check(z.trim(), ...checks)

/**
 * The company behind the site, as UK law asks a company's website to show it (the Companies Act
 * 2006 trading disclosure regulations), plus its ICO registration and, when it has one, its VAT
 * number. `placeholder` is true while any required value is still a default.
 */
const companySchema = z.object({
  registeredName: trimmed(z.minLength(1)),
  number: trimmed(
    z.regex(
      /^(?:\d{8}|[A-Z]{2}\d{6})$/,
      'SITE_COMPANY_NUMBER must be 8 digits, or 2 letters and 6 digits',
    ),
  ),
  registeredIn: trimmed(z.minLength(1, 'SITE_REGISTERED_IN must not be empty')),
  registeredOffice: trimmed(z.minLength(1, 'SITE_REGISTERED_OFFICE must not be empty')),
  icoNumber: trimmed(
    z.regex(/^[A-Z0-9]{8}$/, 'SITE_ICO_NUMBER must be 8 letters or digits, like ZA123456'),
  ),
  vatNumber: z.optional(
    trimmed(z.regex(/^GB ?\d{3} ?\d{4} ?\d{2}$/, 'SITE_VAT_NUMBER must look like GB 123 4567 89')),
  ),
  placeholder: z.boolean(),
})

/** Profiles shown in the footer, each only when set. */
const socialSchema = z.object({
  linkedin: optionalUrl('SITE_LINKEDIN_URL'),
  instagram: optionalUrl('SITE_INSTAGRAM_URL'),
  facebook: optionalUrl('SITE_FACEBOOK_URL'),
  x: optionalUrl('SITE_X_URL'),
})

/**
 * The agency's identity: the one place its name, e-mail, phone and address on the web are set.
 * Defaults are placeholders (an Ofcom drama number, a reserved `.example` domain); deployments
 * override them with environment variables, checked here so a typo fails the build, not the page.
 */
const siteSchema = z.object({
  name: trimmed(z.minLength(1, 'SITE_NAME must not be empty')),
  /** Under an icon on a phone's home screen, where about 12 characters fit. */
  shortName: trimmed(
    z.minLength(1, 'SITE_SHORT_NAME must not be empty'),
    z.maxLength(
      12,
      'SITE_SHORT_NAME must be at most 12 characters (it sits under a home-screen icon)',
    ),
  ),
  email: z.email('SITE_EMAIL must be an e-mail address'),
  phone: trimmed(
    z.regex(/^0\d[\d ]{8,12}$/, 'SITE_PHONE must be a UK number written like 020 7946 0321'),
  ),
  url: z.pipe(
    z.url({ protocol: /^https?$/, error: 'SITE_URL must be an http(s) URL' }),
    z.transform((url: string) => url.replace(/\/+$/, '')),
  ),
  gaMeasurementId: z.optional(
    trimmed(z.regex(/^G-[A-Z0-9]+$/, 'GA_MEASUREMENT_ID must look like G-XXXXXXXXXX')),
  ),
  company: companySchema,
  social: socialSchema,
})

export type Site = z.infer<typeof siteSchema>

export const siteDefaults = {
  name: 'Elevate Digital',
  email: 'hello@elevate-digital.example',
  phone: '020 7946 0321',
  url: 'https://www.elevate-digital.example',
} as const

export { brandColours } from './brand-colours.ts'

/** Marked as placeholders on the page until a deployment sets the real ones. */
export const companyDefaults = {
  registeredName: 'Elevate Digital Ltd',
  number: '00000000',
  registeredIn: 'England and Wales',
  registeredOffice: '1 Example Street, London EC1A 1AA',
  icoNumber: 'ZA000000',
} as const

export const socialPlatforms = [
  { key: 'linkedin', label: 'LinkedIn', variable: 'SITE_LINKEDIN_URL' },
  { key: 'instagram', label: 'Instagram', variable: 'SITE_INSTAGRAM_URL' },
  { key: 'facebook', label: 'Facebook', variable: 'SITE_FACEBOOK_URL' },
  { key: 'x', label: 'X', variable: 'SITE_X_URL' },
] as const

type Env = Record<string, string | undefined>

/** The name itself when it fits under a home-screen icon, else its first word ("Elevate"). */
export function defaultShortName(name: string): string {
  const trimmed = name.trim()
  return trimmed.length <= 12 ? trimmed : (trimmed.split(/\s+/)[0] ?? trimmed).slice(0, 12)
}

/** Reads the identity from the environment, falling back to the defaults; throws naming each bad variable. */
export function parseSite(env: Env): Site {
  const blankToUndefined = (value: string | undefined) => (value?.trim() ? value : undefined)
  const companyEnv = {
    registeredName: blankToUndefined(env.SITE_REGISTERED_NAME),
    number: blankToUndefined(env.SITE_COMPANY_NUMBER),
    registeredIn: blankToUndefined(env.SITE_REGISTERED_IN),
    registeredOffice: blankToUndefined(env.SITE_REGISTERED_OFFICE),
    icoNumber: blankToUndefined(env.SITE_ICO_NUMBER),
  }
  const name = blankToUndefined(env.SITE_NAME) ?? siteDefaults.name
  const result = siteSchema.safeParse({
    name,
    shortName: blankToUndefined(env.SITE_SHORT_NAME) ?? defaultShortName(name),
    email: blankToUndefined(env.SITE_EMAIL) ?? siteDefaults.email,
    phone: blankToUndefined(env.SITE_PHONE) ?? siteDefaults.phone,
    url: blankToUndefined(env.SITE_URL) ?? siteDefaults.url,
    gaMeasurementId: blankToUndefined(env.GA_MEASUREMENT_ID),
    company: {
      registeredName: companyEnv.registeredName ?? companyDefaults.registeredName,
      number: companyEnv.number ?? companyDefaults.number,
      registeredIn: companyEnv.registeredIn ?? companyDefaults.registeredIn,
      registeredOffice: companyEnv.registeredOffice ?? companyDefaults.registeredOffice,
      icoNumber: companyEnv.icoNumber ?? companyDefaults.icoNumber,
      vatNumber: blankToUndefined(env.SITE_VAT_NUMBER),
      placeholder: Object.values(companyEnv).some((value) => value === undefined),
    },
    social: Object.fromEntries(
      socialPlatforms.map(({ key, variable }) => [key, blankToUndefined(env[variable])]),
    ),
  })
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- ${issue.message}`).join('\n')
    throw new Error(`Invalid site configuration:\n${problems}`)
  }
  return result.data
}

export { telHref } from './phone.ts'

export function absoluteUrl(site: Pick<Site, 'url'>, path: string): string {
  return path === '/' ? `${site.url}/` : `${site.url}${path}`
}

/**
 * The company's registered details as labelled lines, in the order the footer and the legal
 * pages show them; placeholder values say so.
 */
export function companyDisclosures(
  site: Pick<Site, 'company'>,
): { term: string; description: string }[] {
  const { company } = site
  const mark = company.placeholder ? ' (placeholder)' : ''
  return [
    { term: 'Registered name', description: `${company.registeredName}${mark}` },
    { term: 'Registered in', description: company.registeredIn },
    { term: 'Company number', description: `${company.number}${mark}` },
    { term: 'Registered office', description: `${company.registeredOffice}${mark}` },
    { term: 'ICO registration', description: `${company.icoNumber}${mark}` },
    ...(company.vatNumber ? [{ term: 'VAT number', description: company.vatNumber }] : []),
  ]
}
