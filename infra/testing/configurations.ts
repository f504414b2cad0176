import type { StageSettings } from '../stage-settings.ts'
import type { Configuration } from './synth-cache.ts'

/**
 * The configurations several infra test files read, synthesised once by the infra project's
 * global set-up before any file runs (two files asking at once would both synthesise). Any
 * other configuration a test asks for is synthesised by that test, once, and cached the same way.
 */

export const account = '123456789012'
export const siteEnv = { SITE_URL: 'https://www.elevate-digital.example' }
export const zone = {
  domainName: 'www.elevate-digital.example',
  hostedZoneId: 'Z0123456789ABC',
  hostedZoneName: 'elevate-digital.example',
} satisfies StageSettings
export const certificateArn =
  'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789'
export const apiCertificateArn =
  'arn:aws:acm:eu-west-2:123456789012:certificate/9f8e7d6c-5b4a-3210-fedc-ba9876543210'

/** Each combination as the stage it would be, named as its stacks are. */
export const combinations = {
  default: { prod: { account } },
  staging: { staging: { account, senderIdentity: 'existing' } },
  hostedZone: {
    prod: {
      account,
      ...zone,
      senderEmail: 'website@elevate-digital.example',
      dmarc: 'v=DMARC1; p=quarantine; rua=mailto:dmarc@elevate-digital.example',
    },
  },
  existingCertificate: {
    staging: {
      account,
      domainName: 'www.elevate-digital.example',
      certificateArn,
      apiDomainName: 'api.elevate-digital.example',
      apiCertificateArn: apiCertificateArn,
      senderIdentity: 'domain',
    },
  },
  waf: { prod: { account, waf: true } },
  existingIdentities: {
    prod: {
      account,
      senderEmail: 'website@elevate-digital.example',
      agencyEmail: 'enquiries@agency-inbox.example',
      senderIdentity: 'existing',
      recipientIdentity: 'existing',
    },
  },
  sandboxRecipient: {
    prod: {
      account,
      senderEmail: 'website@elevate-digital.example',
      agencyEmail: 'enquiries@agency-inbox.example',
    },
  },
} satisfies Record<string, Record<string, StageSettings>>

/** The combinations that change the way to the site: its region, web ACL, domain, certificate. */
export const edgeCombinations = [
  'default',
  'staging',
  'waf',
  'hostedZone',
  'existingCertificate',
] as const satisfies readonly (keyof typeof combinations)[]

/** Every configuration the global set-up synthesises ahead of the tests. */
export const sharedConfigurations: readonly Configuration[] = [
  // The committed stages as `npm run synth` builds them.
  {},
  // The production stage alone, unbundled and bundled (infra/testing/site-templates.ts).
  { stages: { prod: {} } },
  { bundle: true, stages: { prod: {} } },
  ...Object.values(combinations).map((stages) => ({ stages, env: siteEnv })),
]
