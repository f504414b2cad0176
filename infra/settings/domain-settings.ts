import { z } from 'zod'
import { hostName, lowerCased, optionalText, type Parsed } from './values.ts'

const acmArn = (region: string) =>
  new RegExp(`^arn:aws[a-z-]*:acm:${region}:\\d{12}:certificate/[\\w-]+$`)

/** The site's own domain, its hosted zone and certificates, and the contact API's domain. */
export interface DomainSettings {
  readonly domainName?: string
  readonly hostedZoneId?: string
  readonly hostedZoneName?: string
  /** A certificate in us-east-1 for `domainName`, when there is no hosted zone to issue one. */
  readonly certificateArn?: string
  /** @default 'api.<hostedZoneName>' (required without a hosted zone) */
  readonly apiDomainName?: string
  /** A certificate in the stage's region for `apiDomainName`, when there is no hosted zone. */
  readonly apiCertificateArn?: string
}

export const domainSettingsShape = {
  domainName: optionalText(hostName, 'domainName: a lower-case host name'),
  hostedZoneId: optionalText(/^Z[A-Z0-9]+$/, 'hostedZoneId looks like Z0123456789ABC'),
  hostedZoneName: z.preprocess(
    (value) => lowerCased(value)?.replace(/\.$/, ''),
    z.string().regex(hostName, 'hostedZoneName: a lower-case domain name').optional(),
  ),
  certificateArn: optionalText(
    acmArn('us-east-1'),
    'certificateArn must be an ACM certificate in us-east-1 (CloudFront reads only there)',
  ),
  apiDomainName: optionalText(hostName, 'apiDomainName: a lower-case host name'),
  apiCertificateArn: optionalText(
    acmArn('[a-z]{2}(-[a-z]+)+-\\d'),
    'apiCertificateArn must be an ACM certificate ARN',
  ),
}

type DomainValues = Parsed<typeof domainSettingsShape>

/** What the domain settings must agree on, each broken rule in words. */
export function domainProblems(s: DomainValues, region: string): string[] {
  const problems: string[] = []
  if (Boolean(s.hostedZoneId) !== Boolean(s.hostedZoneName)) {
    problems.push('hostedZoneId and hostedZoneName go together')
  }
  if (s.domainName && !s.hostedZoneId && !s.certificateArn) {
    problems.push('domainName needs hostedZoneId + hostedZoneName, or a certificateArn')
  }
  if (!s.domainName && (s.hostedZoneId || s.certificateArn || s.apiDomainName)) {
    problems.push('hostedZoneId/certificateArn/apiDomainName need a domainName')
  }
  if (s.domainName && !s.hostedZoneId && !(s.apiDomainName && s.apiCertificateArn)) {
    // No zone to issue and validate the API's certificate in, or to write its record into.
    problems.push('a domainName without a hosted zone needs apiDomainName and apiCertificateArn')
  }
  if (s.apiCertificateArn && s.hostedZoneId) {
    problems.push('apiCertificateArn is only for a domain without a hosted zone')
  }
  for (const [key, name] of [
    ['domainName', s.domainName],
    ['apiDomainName', s.apiDomainName],
  ] as const) {
    if (name && s.hostedZoneName && !`.${name}`.endsWith(`.${s.hostedZoneName}`)) {
      problems.push(`${key} ${name} is not inside hostedZoneName ${s.hostedZoneName}`)
    }
  }
  if (s.apiDomainName && s.apiDomainName === s.domainName) {
    problems.push('apiDomainName must differ from domainName (CloudFront serves that name)')
  }
  const apiCertificateRegion = s.apiCertificateArn?.split(':')[3]
  if (apiCertificateRegion && apiCertificateRegion !== region) {
    problems.push(`apiCertificateArn must be in the stage's region (${region})`)
  }
  return problems
}

export interface DomainConfig {
  readonly domain?: {
    readonly domainName: string
    readonly hostedZone?: { readonly hostedZoneId: string; readonly zoneName: string }
    readonly certificateArn?: string
    /** The contact API's own custom domain: CloudFront's origin for `/api/*`. */
    readonly api: { readonly domainName: string; readonly certificateArn?: string }
  }
}

export function domainConfig(s: DomainValues): DomainConfig {
  if (!s.domainName) return {}
  return {
    domain: {
      domainName: s.domainName,
      ...(s.hostedZoneId &&
        s.hostedZoneName && {
          hostedZone: { hostedZoneId: s.hostedZoneId, zoneName: s.hostedZoneName },
        }),
      ...(s.certificateArn && { certificateArn: s.certificateArn }),
      api: {
        domainName: s.apiDomainName ?? `api.${s.hostedZoneName}`,
        ...(s.apiCertificateArn && { certificateArn: s.apiCertificateArn }),
      },
    },
  }
}
