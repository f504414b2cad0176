import { Match, Template } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { originSecret } from '../shared/origin-secret.ts'
import type { StageSettings } from './config.ts'
import { ENQUIRY_FUNNEL, ENQUIRY_METRICS_NAMESPACE } from './constructs/health-monitoring.ts'
import { type Synthesised, synthesise } from './testing/synth.ts'

/**
 * Every documented combination of settings (docs/deploy.md), each as a stage of its own,
 * synthesised as `cdk deploy` would see it: each must pass cdk-nag and hold what its section of
 * the docs promises. (The committed stages are checked in stages.test.ts.)
 */

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

const account = '123456789012'
const siteEnv = { SITE_URL: 'https://www.elevate-digital.example' }
const zone = {
  domainName: 'www.elevate-digital.example',
  hostedZoneId: 'Z0123456789ABC',
  hostedZoneName: 'elevate-digital.example',
} satisfies StageSettings
const certificateArn =
  'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789'
const apiCertificateArn =
  'arn:aws:acm:eu-west-2:123456789012:certificate/9f8e7d6c-5b4a-3210-fedc-ba9876543210'

/** Each combination as the stage it would be, named as its stacks are. */
const combinations = {
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

type Combination = keyof typeof combinations
const synths = {} as Record<Combination, Synthesised>

beforeAll(() => {
  for (const [name, stages] of Object.entries(combinations)) {
    synths[name as Combination] = synthesise({ stages, env: siteEnv })
  }
}, 600_000)
afterAll(() => {
  for (const synth of Object.values(synths)) synth.dispose()
})

const resourcesOf = (template: Template, type: string): [string, Cfn][] =>
  Object.entries(template.findResources(type))

const templatesOf = (synth: Synthesised) =>
  synth.templates.map(({ template }) => Template.fromJSON(template))

/** A function's properties, found by the start of its logical id. */
function functionNamed(template: Template, prefix: string): Cfn {
  const found = resourcesOf(template, 'AWS::Lambda::Function').filter(([id]) =>
    id.startsWith(prefix),
  )
  expect(found, prefix).toHaveLength(1)
  return found[0]?.[1].Properties
}

/** The ses:SendEmail resources granted to a function's role (whatever policies carry them). */
function sendEmailResources(template: Template, functionPrefix: string): string[] {
  const role = functionNamed(template, functionPrefix).Role['Fn::GetAtt'][0]
  const statements = resourcesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((entry: Cfn) => entry.Ref === role))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Cfn[])
    .filter((statement) => [statement.Action].flat().includes('ses:SendEmail'))
  return statements
    .flatMap((statement) => [statement.Resource].flat())
    .map((resource) => JSON.stringify(resource))
}

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
    const granted = sendEmailResources(synths.staging.site, 'ContactApiContactFunction')
    expect(granted.join()).toContain('identity/hello@elevate-digital.example')
  })
})

/** The contact API's routes, its stage and the CloudFront origin that reaches it. */
function apiOf(synth: Synthesised) {
  const { site } = synth
  const [secretId] = resourcesOf(site, 'AWS::SecretsManager::Secret')[0] as [string, Cfn]
  const secret = ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']
  const [, distribution] = resourcesOf(site, 'AWS::CloudFront::Distribution')[0] as [string, Cfn]
  const origins = distribution.Properties.DistributionConfig.Origins.filter(
    (origin: Cfn) => origin.CustomOriginConfig,
  )
  expect(origins).toHaveLength(1)
  const [, api] = resourcesOf(site, 'AWS::ApiGatewayV2::Api')[0] as [string, Cfn]
  const [, stage] = resourcesOf(site, 'AWS::ApiGatewayV2::Stage')[0] as [string, Cfn]
  const routeKeys = resourcesOf(site, 'AWS::ApiGatewayV2::Route').map(
    ([, route]) => route.Properties.RouteKey,
  )
  return { secretId, secret, origin: origins[0], api: api.Properties, stage, routeKeys }
}

describe('the API answers only requests that came through CloudFront', () => {
  it.each(['default', 'staging', 'waf', 'hostedZone', 'existingCertificate'] as const)(
    '%s: CloudFront sends a per-stage generated secret header the contact function checks',
    (name) => {
      const { site } = synths[name]
      const { secretId, origin } = apiOf(synths[name])
      const [, secret] = resourcesOf(site, 'AWS::SecretsManager::Secret')[0] as [string, Cfn]
      expect(secret.Properties.GenerateSecretString).toMatchObject({
        PasswordLength: 48,
        ExcludePunctuation: true,
      })
      const reference = {
        'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
      }
      expect(origin.OriginCustomHeaders).toEqual([
        { HeaderName: originSecret.header, HeaderValue: reference },
      ])
      const contactEnv = functionNamed(site, 'ContactApiContactFunction').Environment.Variables
      expect(contactEnv[originSecret.env]).toEqual(reference)
      const retryEnv = functionNamed(site, 'ContactApiNotificationRetryFunction').Environment
        .Variables
      expect(retryEnv).not.toHaveProperty(originSecret.env)
    },
  )

  it.each(['default', 'staging', 'waf', 'hostedZone', 'existingCertificate'] as const)(
    '%s: only CloudFront’s secret path has routes, so direct calls cannot spend the form’s throttle',
    (name) => {
      const { secret, origin, stage, routeKeys } = apiOf(synths[name])
      // CloudFront prefixes every /api/* request with the secret (its origin path)…
      expect(origin.OriginPath).toEqual({
        'Fn::Join': ['', [`/${secret[0]}`, secret[1], secret[2]]],
      })
      // …and the JSON and no-JavaScript form routes exist only under it: any other path, such as
      // /api/contacts on the API's own name, matches no route and spends no route's budget.
      expect(routeKeys).toHaveLength(2)
      for (const [key, path] of routeKeys.map((key, index) => [key, index] as const)) {
        expect(key).toEqual({
          'Fn::Join': [
            '',
            [
              `ANY /${secret[0]}`,
              secret[1],
              `${secret[2]}${path === 0 ? '/api/contacts' : '/api/contacts/form'}`,
            ],
          ],
        })
      }
      // The throttle applies per route, so the form's budget is CloudFront's alone.
      expect(stage.Properties.DefaultRouteSettings).toEqual({
        ThrottlingRateLimit: 5,
        ThrottlingBurstLimit: 10,
      })
    },
  )

  it('with a domain: CloudFront reaches the API on its own custom domain, the only one it has', () => {
    for (const [name, expected] of [
      ['hostedZone', 'api.elevate-digital.example'],
      ['existingCertificate', 'api.elevate-digital.example'],
    ] as const) {
      const { site } = synths[name]
      const { origin, api } = apiOf(synths[name])
      expect(api.DisableExecuteApiEndpoint).toBe(true)
      expect(origin.DomainName).toBe(expected)
      const [domainId, domain] = resourcesOf(site, 'AWS::ApiGatewayV2::DomainName')[0] as [
        string,
        Cfn,
      ]
      expect(domain.Properties.DomainName).toBe(expected)
      expect(domain.Properties.DomainNameConfigurations[0].EndpointType).toBe('REGIONAL')
      site.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', {
        DomainName: { Ref: domainId },
        Stage: Match.anyValue(),
      })
    }
    // With the zone, the certificate is issued there and the record written…
    synths.hostedZone.site.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'api.elevate-digital.example',
      DomainValidationOptions: [
        { DomainName: 'api.elevate-digital.example', HostedZoneId: 'Z0123456789ABC' },
      ],
    })
    synths.hostedZone.site.hasResourceProperties('AWS::Route53::RecordSet', {
      Name: 'api.elevate-digital.example.',
      Type: 'A',
      AliasTarget: Match.objectLike({ DNSName: Match.anyValue() }),
    })
    // …without one, the given regional certificate is used and the record is an output.
    const { api: apiDomain } = apiOf(synths.existingCertificate)
    expect(apiDomain.DisableExecuteApiEndpoint).toBe(true)
    synths.existingCertificate.site.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: apiCertificateArn })],
    })
    expect(Object.keys(synths.existingCertificate.site.findOutputs('*')).join()).toMatch(
      /ApiDomainTarget/,
    )
  })

  it('without a domain: the execute-api name is the origin (its routes are still secret)', () => {
    const { origin, api } = apiOf(synths.default)
    expect(api.DisableExecuteApiEndpoint).toBe(false)
    expect(origin.DomainName).toEqual({
      'Fn::Select': [
        2,
        {
          'Fn::Split': [
            '/',
            { 'Fn::GetAtt': [expect.stringMatching(/^ContactApiHttpApi/), 'ApiEndpoint'] },
          ],
        },
      ],
    })
  })
})

describe('SES', () => {
  it('sandbox: verifies the agency inbox too and lets both functions send to it', () => {
    const { data, site } = synths.sandboxRecipient
    for (const address of ['website@elevate-digital.example', 'enquiries@agency-inbox.example']) {
      data?.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: address })
    }
    for (const fn of ['ContactApiContactFunction', 'ContactApiNotificationRetryFunction']) {
      const granted = sendEmailResources(site, fn).join()
      expect(granted, fn).toContain(':identity/enquiries@agency-inbox.example"')
      expect(granted, fn).toContain(':identity/website@elevate-digital.example"')
    }
  })

  it('existing identities: creates none, grants sending on their ARNs (address and domain)', () => {
    const { data, site } = synths.existingIdentities
    data?.resourceCountIs('AWS::SES::EmailIdentity', 0)
    for (const fn of ['ContactApiContactFunction', 'ContactApiNotificationRetryFunction']) {
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
describe('monitoring', () => {
  it.each(['default', 'staging'] as const)(
    '%s: alarms on throttles of the scheduled and API functions and failed runs of their schedules',
    (name) => {
      const { site } = synths[name]
      const alarms = resourcesOf(site, 'AWS::CloudWatch::Alarm').map(
        ([, alarm]) => alarm.Properties,
      )
      const throttles = alarms.filter((alarm) => alarm.MetricName === 'Throttles')
      expect(throttles.map((alarm) => alarm.Dimensions[0].Value.Ref).sort()).toEqual([
        expect.stringMatching(/^ContactApiContactFunction/),
        expect.stringMatching(/^ContactApiNotificationRetryFunction/),
        expect.stringMatching(/^DigestSendFunction/),
      ])
      const failed = alarms.filter((alarm) => alarm.MetricName === 'FailedInvocations')
      expect(failed.map((alarm) => alarm.Dimensions[0].Value.Ref).sort()).toEqual([
        expect.stringMatching(/^ContactApiRetrySchedule/),
        expect.stringMatching(/^DigestSchedule/),
      ])
      for (const alarm of failed) {
        expect(alarm).toMatchObject({
          Namespace: 'AWS/Events',
          Threshold: 1,
          AlarmActions: [{ Ref: expect.stringMatching(/OpsTopic/) }],
        })
      }
      for (const alarm of [...throttles, ...failed]) {
        expect(alarm.OKActions).toEqual(alarm.AlarmActions)
      }
    },
  )

  it('has one dashboard per stage: the enquiry funnel of that stage and the site’s health', () => {
    for (const [name, stage] of [
      ['default', 'prod'],
      ['staging', 'staging'],
    ] as const) {
      const dashboards = resourcesOf(synths[name].site, 'AWS::CloudWatch::Dashboard')
      expect(dashboards).toHaveLength(1)
      // The body is JSON with references spliced in: read it with each reference as a placeholder.
      const parts = dashboards[0]?.[1].Properties.DashboardBody['Fn::Join'][1] as Cfn[]
      const body = parts.map((part) => (typeof part === 'string' ? part : 'REF')).join('')
      const widgets = JSON.parse(body).widgets as Cfn[]
      const expressions = widgets
        .flatMap((widget) => widget.properties.metrics ?? [])
        .flatMap((metric: Cfn[]) => metric.filter((entry) => entry?.expression))
        .map((entry: Cfn) => entry.expression)
      for (const metric of [...ENQUIRY_FUNNEL, 'OldestUndeliveredAgeSeconds']) {
        expect(expressions).toContainEqual(
          expect.stringContaining(`MetricName="${metric}" stage="${stage}"`),
        )
      }
      expect(body).toContain(ENQUIRY_METRICS_NAMESPACE)
      expect(body).toContain('AWS/ApiGateway')
      expect(body).toContain('Throttles')
    }
  })
})

describe('CloudFront 5xx rate alarm (us-east-1, where CloudFront publishes its metrics)', () => {
  it.each(['default', 'staging', 'hostedZone', 'existingCertificate', 'waf'] as const)(
    '%s: a per-stage monitoring stack after the site stack alarms its own encrypted topic',
    (name) => {
      const { stacks, edgeMonitoring } = synths[name]
      expect(stacks.edgeMonitoring.stackName).toBe(`${stacks.site.stackName}-EdgeMonitoring`)
      expect(stacks.edgeMonitoring.region).toBe('us-east-1')
      expect(stacks.edgeMonitoring.dependencies).toContain(stacks.site)

      const alarms = resourcesOf(edgeMonitoring, 'AWS::CloudWatch::Alarm')
      expect(alarms).toHaveLength(1)
      const alarm = alarms[0]?.[1].Properties
      expect(alarm).toMatchObject({
        Namespace: 'AWS/CloudFront',
        MetricName: '5xxErrorRate',
        Statistic: 'Average',
        Period: 300,
        Threshold: 5,
        ComparisonOperator: 'GreaterThanThreshold',
        EvaluationPeriods: 3,
        DatapointsToAlarm: 2,
        TreatMissingData: 'notBreaching',
      })
      // CloudWatch matches a metric on all its dimensions: CloudFront's carry Region=Global.
      const dimensions = Object.fromEntries(
        alarm.Dimensions.map((dimension: Cfn) => [dimension.Name, dimension.Value]),
      )
      expect(dimensions.Region).toBe('Global')
      // The id is read from the SSM parameter the site stack writes (infra/stacks/
      // edge-monitoring-stack.test.ts replaces the distribution and follows it there).
      expect(dimensions.DistributionId).toEqual({ Ref: 'DistributionId' })
      expect(edgeMonitoring.toJSON().Parameters.DistributionId).toMatchObject({
        Type: 'AWS::SSM::Parameter::Value<String>',
        Default: `/${stacks.site.stackName}/distribution-id`,
      })

      const [topicId, topic] = resourcesOf(edgeMonitoring, 'AWS::SNS::Topic')[0] ?? []
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }])
      expect(alarm.OKActions).toEqual([{ Ref: topicId }])
      expect(topic.Properties.KmsMasterKeyId).toEqual({
        'Fn::GetAtt': [expect.stringMatching(/^OpsTopicKey/), 'Arn'],
      })
      edgeMonitoring.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true })
      expect(JSON.stringify(alarm.AlarmDescription)).toContain('docs/operations.md')
    },
  )

  it('keeps the stages apart: each watches its own distribution', () => {
    const watched = (name: Combination) =>
      synths[name].edgeMonitoring.toJSON().Parameters.DistributionId.Default
    expect(watched('default')).toBe('/ElevateDigital/distribution-id')
    expect(watched('staging')).toBe('/ElevateDigital-staging/distribution-id')
    synths.staging.edgeMonitoring.hasResourceProperties('AWS::SNS::Topic', {
      Tags: Match.arrayWith([{ Key: 'stage', Value: 'staging' }]),
    })
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
