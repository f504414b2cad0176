import type { StageSettings } from './stage-settings.ts'

/**
 * Every copy of the product, one entry each: `npm run deploy -- NAME` deploys exactly what its
 * entry says, and a new stage is a new entry (docs/deploy.md lists every setting). A `-c` flag may
 * add to a stage for one run, never take away its domain, certificate, web ACL or SES identities.
 *
 * Placeholders: the account 123456789012 and every `.example` name are to be filled in once, before
 * the first deploy (docs/deploy.md, "Before the first deploy"); `npm run deploy` and `diff`
 * refuse them.
 */
export const stages = {
  prod: {
    account: '123456789012',
    region: 'eu-west-2',
    domainName: 'www.elevate-digital.example',
    hostedZoneId: 'Z0000000000EXAMPLE',
    hostedZoneName: 'elevate-digital.example',
    // The whole domain is verified with DKIM and a custom MAIL FROM, so mail aligns for DMARC.
    senderEmail: 'website@elevate-digital.example',
    senderIdentity: 'domain',
    agencyEmail: 'hello@elevate-digital.example',
    dmarc: 'v=DMARC1; p=quarantine; rua=mailto:dmarc@elevate-digital.example',
    opsEmail: 'ops@elevate-digital.example',
    waf: true,
    // A synthetic enquiry through the public site, its delivery awaited (decision 0036).
    canaryIntervalMinutes: 60,
  },
  // A trial copy on its own *.cloudfront.net name, in the same account: no domain, no web ACL.
  // Its own SES identity, the ops address as sender and inbox both (one link for ops to click),
  // so it deploys before prod (a new account's first CloudFront distribution, say), its trial
  // enquiries reach ops rather than the agency, and neither stage's removal takes the other's
  // identity with it.
  staging: {
    account: '123456789012',
    region: 'eu-west-2',
    senderEmail: 'ops@elevate-digital.example',
    senderIdentity: 'address',
    agencyEmail: 'ops@elevate-digital.example',
    opsEmail: 'ops@elevate-digital.example',
    canaryIntervalMinutes: 60,
  },
} satisfies Record<string, StageSettings>

/** What `npm run deploy` and `diff` refuse to send to AWS: values left from the template above. */
export function placeholdersIn(settings: StageSettings): string[] {
  const found: string[] = []
  if (settings.account === '123456789012') found.push('account 123456789012')
  for (const [key, value] of Object.entries(settings)) {
    if (typeof value === 'string' && /\.example$/.test(value.replace(/^.*@/, ''))) {
      found.push(`${key} ${value}`)
    }
  }
  return found
}
