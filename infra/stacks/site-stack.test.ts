import { Match, type Template } from 'aws-cdk-lib/assertions'
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { securityHeaders, toHttpHeaders } from '#shared/security-headers.ts'
import * as templates from '../testing/site-templates.ts'
import { type Synthesised, synthesise } from '../testing/synthesise-app.ts'

describe('a stage with no domain, no analytics, functions bundled', () => {
  const stage = templates.bundledStage()

  it('is a data stack and a site stack in London, with no edge stack', () => {
    expect(stage.synth.edge).toBeUndefined()
    expect(stage.synth.stacks.site.region).toBe('eu-west-2')
    expect(stage.synth.stacks.data?.region).toBe('eu-west-2')
  })

  it('passes cdk-nag: no finding left unacknowledged, warnings included', () => {
    expect(stage.synth.violations).toEqual([])
  })

  it('gives every acknowledgement a written reason, recorded in the templates', () => {
    const acknowledged = stage.synth.templates
      .flatMap(({ template }) =>
        Object.values(template.Resources as Record<string, templates.Resource>),
      )
      .flatMap((resource) => resource.Metadata?.cdk_nag?.rules_to_suppress ?? [])
      .map((rule: { id: string; reason: string }) => rule)
    expect(acknowledged.length).toBeGreaterThan(0)
    for (const rule of acknowledged) expect(rule.reason.length, rule.id).toBeGreaterThan(40)
    const ids = new Set(acknowledged.map((rule) => rule.id.replace(/\[.*$/, '')))
    expect([...ids].sort()).toEqual([
      '@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      'AwsSolutions-APIG4',
      'AwsSolutions-CFR1',
      'AwsSolutions-CFR2',
      'AwsSolutions-CFR4',
      'AwsSolutions-IAM5',
      'AwsSolutions-L1',
      'AwsSolutions-S10',
      'AwsSolutions-SMG4',
      'AwsSolutions-SQS3',
    ])
  })

  it('acknowledges exactly the deployment role’s wildcards: the build upload, the site bucket, invalidations', () => {
    const roleId = templates.logicalIdOf(stage.template, 'AWS::IAM::Role', 'SiteDeploymentRole')
    const [, policy] = templates.only(stage.template, 'AWS::IAM::Policy', {
      Roles: [{ Ref: roleId }],
    })
    const findings = (policy.Metadata.cdk_nag.rules_to_suppress as { id: string }[]).map(
      (rule) => rule.id,
    )
    // The upload's bucket is whatever the stack's synthesizer publishes assets to: read from the
    // deployment itself, not assumed.
    const [deployment] = Object.values(
      stage.template.findResources('Custom::CDKBucketDeployment'),
    ) as templates.Resource[]
    const uploadBucket = (
      (deployment as templates.Resource).Properties.SourceBucketNames[0]['Fn::Sub'] as string
    )
      .replace(/\$\{/g, '<')
      .replace(/\}/g, '>')
    const siteBucket = JSON.stringify(stage.fromData('SiteBucket'))
    expect(findings.sort()).toEqual(
      [
        'Action::s3:Abort*',
        'Action::s3:DeleteObject*',
        'Action::s3:GetBucket*',
        'Action::s3:GetObject*',
        'Action::s3:List*',
        `Resource::arn:aws:s3:::${uploadBucket}/*`,
        `Resource::arn:aws:s3:::${siteBucket}/*`,
        'Resource::*',
      ]
        .map((finding) => `AwsSolutions-IAM5[${finding}]`)
        .sort(),
    )
  })

  it('keeps the logical ids of stateful resources, so no refactor can replace them', () => {
    // Renaming a construct changes its logical id, and CloudFormation then deletes the old
    // resource (or, being retained, orphans it) and creates an empty new one. These are the ids
    // of the single stack of earlier releases: the data stack keeps them, so `cdk import` adopts
    // an existing deployment's table and buckets as they are (docs/deploy.md).
    const pinned: [Template, string, string][] = [
      [stage.data, 'EnquiriesTable7DAAED76', 'AWS::DynamoDB::GlobalTable'],
      [stage.data, 'SiteBucket978D4AEB', 'AWS::S3::Bucket'],
      [stage.data, 'SiteLogBucket150DDC0F', 'AWS::S3::Bucket'],
      [stage.data, 'SiteLogBucketPolicy0DF17370', 'AWS::S3::BucketPolicy'],
      [stage.data, 'NotificationsSenderIdentity338B0697', 'AWS::SES::EmailIdentity'],
      // The site bucket's policy stays in the site stack, updated in place, never deleted.
      [stage.template, 'SiteBucketPolicy45F6EBA1', 'AWS::S3::BucketPolicy'],
      [stage.template, 'SiteDistribution390DED28', 'AWS::CloudFront::Distribution'],
      [stage.template, 'NotificationsOpsTopicEC038383', 'AWS::SNS::Topic'],
      [stage.template, 'ContactApiContactLogsCD3CC645', 'AWS::Logs::LogGroup'],
      [stage.template, 'ContactApiNotificationRetryLogs3994ED7D', 'AWS::Logs::LogGroup'],
      [stage.template, 'ContactApiAccessLogs4EDC187F', 'AWS::Logs::LogGroup'],
    ]
    for (const [stack, id, type] of pinned) {
      expect((stack.toJSON().Resources as Record<string, templates.Resource>)[id]?.Type, id).toBe(
        type,
      )
    }
  })
  it('outputs the live names npm run verify reads, each the resource it checks', () => {
    const { Outputs: outputs, Resources: resources } = stage.template.toJSON() as {
      Outputs: Record<string, { Value: Record<string, unknown> }>
      Resources: Record<string, templates.Resource>
    }
    const target = (key: string) => {
      const value = outputs[key]?.Value ?? {}
      const id = (value.Ref ?? (value['Fn::GetAtt'] as string[] | undefined)?.[0]) as string
      return { id, type: resources[id]?.Type }
    }
    expect(target('ContactApiId').type).toBe('AWS::ApiGatewayV2::Api')
    expect(outputs.ContactApiEndpoint?.Value).toEqual({
      'Fn::GetAtt': [target('ContactApiId').id, 'ApiEndpoint'],
    })
    expect(target('RetryScheduleName').type).toBe('AWS::Events::Rule')
    expect(target('DigestScheduleName').type).toBe('AWS::Events::Rule')
    expect(target('RetryScheduleName').id).not.toBe(target('DigestScheduleName').id)
    // The function and queue named are the pair the on-failure destination joins.
    const invokeConfigs = Object.values(resources).filter(
      (resource) => resource.Type === 'AWS::Lambda::EventInvokeConfig',
    )
    const wiring = invokeConfigs.find(
      (config) => config.Properties?.FunctionName?.Ref === target('DeliveryEventsFunctionName').id,
    )
    expect(target('DeliveryEventsFunctionName').type).toBe('AWS::Lambda::Function')
    expect(wiring?.Properties?.DestinationConfig?.OnFailure?.Destination).toEqual(
      outputs.DeliveryEventsFailedQueueArn?.Value,
    )
    expect(target('DeliveryEventsFailedQueueArn').type).toBe('AWS::SQS::Queue')
  })
})

describe('a wildcard added to the site deployment role', () => {
  it('fails the synth, since no reason covers it', () => {
    expect(() =>
      synthesise({
        stages: { prod: {} },
        beforeSynth: (stages) => {
          const role = stages.prod?.site.site.node.findChild('DeploymentRole') as Role
          role.addToPrincipalPolicy(
            new PolicyStatement({ actions: ['s3:PutBucket*'], resources: ['*'] }),
          )
        },
      }),
    ).toThrow(
      /holds a wildcard no reason covers: s3:PutBucket\*[\s\S]*holds a wildcard no reason covers: \*/,
    )
  }, 120_000)
})

describe('a deployment with a Route 53 domain, analytics and an ops address', () => {
  const synth = synthesise({
    stages: {
      prod: {
        account: '123456789012',
        region: 'eu-west-1',
        domainName: 'www.elevate-digital.example',
        hostedZoneId: 'Z0123456789ABC',
        hostedZoneName: 'elevate-digital.example',
        opsEmail: 'ops@elevate-digital.example',
      },
    },
    env: { SITE_URL: 'https://www.elevate-digital.example', GA_MEASUREMENT_ID: 'G-TEST123' },
  })

  it('passes cdk-nag with nothing unacknowledged (and no longer needs CFR4)', () => {
    expect(synth.violations).toEqual([])
    const acknowledged = JSON.stringify(synth.site.toJSON())
    expect(acknowledged).not.toContain('AwsSolutions-CFR4')
  })

  it('validates a certificate in us-east-1 through DNS and serves the domain with TLS 1.2 (2025)', () => {
    expect(synth.stacks.edge?.region).toBe('us-east-1')
    synth.edge?.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'www.elevate-digital.example',
      ValidationMethod: 'DNS',
      DomainValidationOptions: [
        { DomainName: 'www.elevate-digital.example', HostedZoneId: 'Z0123456789ABC' },
      ],
    })
    synth.site.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['www.elevate-digital.example'],
        ViewerCertificate: {
          AcmCertificateArn: Match.anyValue(),
          MinimumProtocolVersion: 'TLSv1.2_2025',
          SslSupportMethod: 'sni-only',
        },
      }),
    })
    for (const type of ['A', 'AAAA']) {
      synth.site.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: 'www.elevate-digital.example.',
        Type: type,
        HostedZoneId: 'Z0123456789ABC',
        AliasTarget: Match.objectLike({ HostedZoneId: Match.anyValue() }),
      })
    }
  })

  it('verifies the whole sender domain with DKIM records in the zone, from the data stack', () => {
    synth.data?.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'elevate-digital.example',
    })
    const dkim = synth.data?.findResources('AWS::Route53::RecordSet', {
      Properties: { Type: 'CNAME' },
    })
    expect(Object.keys(dkim ?? {})).toHaveLength(3)
  })

  it('admits Google Analytics in the CSP, exactly as the shared definition does', () => {
    const [, policy] = templates.only(synth.site, 'AWS::CloudFront::ResponseHeadersPolicy')
    expect(templates.headersOfPolicy(policy.Properties.ResponseHeadersPolicyConfig)).toEqual(
      toHttpHeaders(securityHeaders({ analytics: true })),
    )
  })

  it('subscribes the ops address to the alarm topic', () => {
    synth.site.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@elevate-digital.example',
    })
  })
})

describe('a deployment with an existing certificate', () => {
  let synth: Synthesised
  const certificateArn =
    'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789'
  beforeAll(() => {
    synth = synthesise({
      stages: {
        prod: {
          domainName: 'www.elevate-digital.example',
          certificateArn,
          apiDomainName: 'api.elevate-digital.example',
          apiCertificateArn: 'arn:aws:acm:eu-west-2:123456789012:certificate/9f8e7d6c-5b4a',
        },
      },
      env: { SITE_URL: 'https://www.elevate-digital.example' },
    })
  }, 120_000)
  afterAll(() => synth?.dispose())

  it('needs no edge stack, writes no DNS records and passes cdk-nag', () => {
    expect(synth.edge).toBeUndefined()
    expect(synth.violations).toEqual([])
    for (const template of [synth.site, synth.data]) {
      template?.resourceCountIs('AWS::Route53::RecordSet', 0)
    }
    synth.site.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['www.elevate-digital.example'],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: certificateArn }),
      }),
    })
  })
})
