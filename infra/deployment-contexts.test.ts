import { Match, type Template } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import {
  type Cfn,
  type Combination,
  combinations,
  functionNamed,
  resourcesOf,
  sendEmailResources,
  synthesiseCombinations,
  templatesOf,
} from './testing/deployment-combinations.ts'
import type { Synthesised } from './testing/synthesise-app.ts'

/**
 * Every documented combination of settings (docs/deploy.md), each as a stage of its own,
 * synthesised as `cdk deploy` would see it: each must pass cdk-nag and hold what its section of
 * the docs promises. (The committed stages are checked in stages.test.ts.)
 */
const synths = synthesiseCombinations()

/** Names CloudFront, SES and CloudWatch keep unique per account (or per account and region). */
function accountWideNames(synth: Synthesised): string[] {
  const names: string[] = []
  for (const template of templatesOf(synth)) {
    const json = template.toJSON().Resources as Record<string, Cfn>
    for (const resource of Object.values(json)) {
      const p = resource.Properties ?? {}
      const name =
        p.ResponseHeadersPolicyConfig?.Name ??
        p.OriginAccessControlConfig?.Name ??
        p.CachePolicyConfig?.Name ??
        p.OriginRequestPolicyConfig?.Name ??
        (resource.Type === 'AWS::CloudFront::Function' ? p.Name : undefined) ??
        (resource.Type === 'AWS::SES::EmailIdentity' ? `ses:${p.EmailIdentity}` : undefined) ??
        (resource.Type === 'AWS::WAFv2::WebACL' ? p.Name : undefined) ??
        p.LogGroupName ??
        p.AlarmName ??
        p.DashboardName ??
        p.TableName
      // A reference is a generated name, unique by construction; only fixed strings can collide.
      if (typeof name === 'string') names.push(name)
    }
  }
  return names
}

describe('every documented context combination', () => {
  it.each(Object.keys(combinations))(
    '%s passes cdk-nag with every finding acknowledged',
    (name) => {
      expect(synths[name as Combination].violations).toEqual([])
    },
  )
})

describe('stages side by side in one account and region', () => {
  it('are separate stacks, the default stage keeping the plain names', () => {
    expect(synths.default.stacks.site.stackName).toBe('ElevateDigital')
    expect(synths.staging.stacks.site.stackName).toBe('ElevateDigital-staging')
    expect(synths.staging.stacks.site.region).toBe(synths.default.stacks.site.region)
    synths.staging.site.hasResourceProperties('AWS::SNS::Topic', {
      Tags: Match.arrayWith([{ Key: 'stage', Value: 'staging' }]),
    })
  })

  it('share no account-wide name: headers policy, OAC, cache policies, function, identity', () => {
    const prod = accountWideNames(synths.default)
    const staging = accountWideNames(synths.staging)
    expect(prod.length).toBeGreaterThanOrEqual(5)
    expect(staging.filter((name) => prod.includes(name))).toEqual([])
    // The names say which copy and which region they belong to.
    const [, policy] =
      resourcesOf(synths.staging.site, 'AWS::CloudFront::ResponseHeadersPolicy')[0] ?? []
    expect(policy.Properties.ResponseHeadersPolicyConfig.Name).toBe(
      'ElevateDigital-staging-eu-west-2-SecurityHeaders',
    )
    const [, oac] =
      resourcesOf(synths.staging.site, 'AWS::CloudFront::OriginAccessControl')[0] ?? []
    expect(oac.Properties.OriginAccessControlConfig.Name).toBe(
      'ElevateDigital-staging-eu-west-2-SiteOac',
    )
  })

  it('each has its own table, ops topic and alarms, and its functions know their stage', () => {
    for (const [synth, stage] of [
      [synths.default, 'prod'],
      [synths.staging, 'staging'],
    ] as const) {
      synth.data?.resourceCountIs('AWS::DynamoDB::GlobalTable', 1)
      // One topic pages ops; the other carries SES's delivery events to their function.
      synth.site.resourceCountIs('AWS::SNS::Topic', 2)
      const alarms = resourcesOf(synth.site, 'AWS::CloudWatch::Alarm')
      expect(alarms.length).toBeGreaterThan(0)
      for (const [, alarm] of alarms) {
        expect(alarm.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/OpsTopic/) }])
      }
      for (const prefix of [
        'ContactApiContactFunction',
        'ContactApiNotificationRetryFunction',
        'DeliveryEventsFunction',
      ]) {
        expect(functionNamed(synth.site, prefix).Environment.Variables.STAGE).toBe(stage)
      }
    }
  })

  it('a second stage uses the sender identity the first created, instead of failing on it', () => {
    synths.default.data?.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'hello@elevate-digital.example',
    })
    synths.staging.data?.resourceCountIs('AWS::SES::EmailIdentity', 0)
    const granted = sendEmailResources(synths.staging.site, 'EnquirySenderSenderFunction')
    expect(granted.join()).toContain('identity/hello@elevate-digital.example')
  })
})

describe('SES', () => {
  it('sandbox: verifies the agency inbox too and lets both functions send to it', () => {
    const { data, site } = synths.sandboxRecipient
    for (const address of ['website@elevate-digital.example', 'enquiries@agency-inbox.example']) {
      data?.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: address })
    }
    for (const fn of ['EnquirySenderSenderFunction', 'ContactApiNotificationRetryFunction']) {
      const granted = sendEmailResources(site, fn).join()
      expect(granted, fn).toContain(':identity/enquiries@agency-inbox.example"')
      expect(granted, fn).toContain(':identity/website@elevate-digital.example"')
    }
  })

  it('existing identities: creates none, grants sending on their ARNs (address and domain)', () => {
    const { data, site } = synths.existingIdentities
    data?.resourceCountIs('AWS::SES::EmailIdentity', 0)
    for (const fn of ['EnquirySenderSenderFunction', 'ContactApiNotificationRetryFunction']) {
      const granted = sendEmailResources(site, fn).join()
      for (const name of [
        'website@elevate-digital.example',
        'elevate-digital.example',
        'enquiries@agency-inbox.example',
        'agency-inbox.example',
      ]) {
        expect(granted, `${fn} ${name}`).toContain(`:identity/${name}"`)
      }
    }
  })

  it('hosted zone: Easy DKIM, a custom MAIL FROM host with MX and SPF, and the DMARC record', () => {
    const data = synths.hostedZone.data as Template
    data.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'elevate-digital.example',
      MailFromAttributes: { MailFromDomain: 'mail.elevate-digital.example' },
    })
    data.hasResourceProperties('AWS::Route53::RecordSet', {
      Name: 'mail.elevate-digital.example.',
      Type: 'MX',
      ResourceRecords: [Match.stringLikeRegexp('^10 feedback-smtp\\.eu-west-2\\.amazonses\\.com')],
    })
    data.hasResourceProperties('AWS::Route53::RecordSet', {
      Name: 'mail.elevate-digital.example.',
      Type: 'TXT',
      ResourceRecords: ['"v=spf1 include:amazonses.com ~all"'],
    })
    data.hasResourceProperties('AWS::Route53::RecordSet', {
      Name: '_dmarc.elevate-digital.example.',
      Type: 'TXT',
      ResourceRecords: [`"${combinations.hostedZone.prod.dmarc}"`],
    })
    expect(Object.keys(data.findOutputs('*')).join()).not.toMatch(/Dkim|Dmarc/)
  })

  it('domain identity without a zone: outputs every record to create at the DNS host', () => {
    const data = synths.existingCertificate.data as Template
    data.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'elevate-digital.example',
      MailFromAttributes: { MailFromDomain: 'mail.elevate-digital.example' },
    })
    data.resourceCountIs('AWS::Route53::RecordSet', 0)
    const outputs = Object.entries(data.findOutputs('*')).map(
      ([id, output]) => [id, JSON.stringify(output.Value)] as const,
    )
    const value = (idPart: string) => outputs.filter(([id]) => id.includes(idPart))
    expect(value('DkimRecord')).toHaveLength(3)
    for (const [, dkim] of value('DkimRecord')) expect(dkim).toContain('CNAME')
    expect(value('MailFromMxRecord')[0]?.[1]).toContain(
      'mail.elevate-digital.example MX 10 feedback-smtp.eu-west-2.amazonses.com',
    )
    expect(value('MailFromSpfRecord')[0]?.[1]).toContain('v=spf1 include:amazonses.com ~all')
    expect(value('DmarcRecord')[0]?.[1]).toContain('_dmarc.elevate-digital.example TXT')
  })
})

describe('the site bucket', () => {
  it('keeps the versions a deploy replaced for 30 days, so a deploy can be rolled back', () => {
    const buckets = resourcesOf(synths.default.data as Template, 'AWS::S3::Bucket').filter(([id]) =>
      id.startsWith('SiteBucket'),
    )
    expect(buckets).toHaveLength(1)
    const bucket = buckets[0]?.[1].Properties
    expect(bucket.VersioningConfiguration).toEqual({ Status: 'Enabled' })
    expect(bucket.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Status: 'Enabled',
          NoncurrentVersionExpiration: { NoncurrentDays: 30 },
        }),
        expect.objectContaining({ Status: 'Enabled', ExpiredObjectDeleteMarker: true }),
      ]),
    )
  })
})
