import { Template } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, expect } from 'vitest'
import type { StageSettings } from '../stage-settings.ts'
import { type Synthesised, synthesise } from './synthesise-app.ts'

/**
 * Every documented combination of settings (docs/deploy.md), each as a stage of its own, and the
 * finders the deployment tests read their templates with.
 */

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
export type Cfn = any

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

export type Combination = keyof typeof combinations

/**
 * Synthesises the named combinations (every one when none is named) once for the calling test
 * file, as `cdk deploy` would see them, and removes them after its tests.
 */
export function synthesiseCombinations(
  names: readonly Combination[] = Object.keys(combinations) as Combination[],
): Record<Combination, Synthesised> {
  const synths = {} as Record<Combination, Synthesised>
  beforeAll(() => {
    for (const name of names) {
      synths[name] = synthesise({ stages: combinations[name], env: siteEnv })
    }
  }, 600_000)
  afterAll(() => {
    for (const synth of Object.values(synths)) synth.dispose()
  })
  return synths
}

export const resourcesOf = (template: Template, type: string): [string, Cfn][] =>
  Object.entries(template.findResources(type))

export const templatesOf = (synth: Synthesised) =>
  synth.templates.map(({ template }) => Template.fromJSON(template))

/** A function's properties, found by the start of its logical id. */
export function functionNamed(template: Template, prefix: string): Cfn {
  const found = resourcesOf(template, 'AWS::Lambda::Function').filter(([id]) =>
    id.startsWith(prefix),
  )
  expect(found, prefix).toHaveLength(1)
  return found[0]?.[1].Properties
}

/** The ses:SendEmail resources granted to a function's role (whatever policies carry them). */
export function sendEmailResources(template: Template, functionPrefix: string): string[] {
  const role = functionNamed(template, functionPrefix).Role['Fn::GetAtt'][0]
  const statements = resourcesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((entry: Cfn) => entry.Ref === role))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Cfn[])
    .filter((statement) => [statement.Action].flat().includes('ses:SendEmail'))
  return statements
    .flatMap((statement) => [statement.Resource].flat())
    .map((resource) => JSON.stringify(resource))
}
