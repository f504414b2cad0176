import { Match } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { retentionPolicy } from '#functions/retention-audit/policy.ts'
import { auditTemplates } from '#functions/retention-audit/resources.ts'
import { MANAGED_RULE_GROUPS, RATE_LIMITED_MESSAGE } from '../constructs/web-acl.ts'
import { type Synthesised, synthesise } from '../testing/synthesise-app.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

function webAclOf(synth: Synthesised): Cfn {
  const acls = Object.values(synth.edge?.findResources('AWS::WAFv2::WebACL') ?? {}) as Cfn[]
  expect(acls).toHaveLength(1)
  return acls[0].Properties
}

function distributionConfigOf(synth: Synthesised): Cfn {
  const [distribution] = Object.values(
    synth.site.findResources('AWS::CloudFront::Distribution'),
  ) as Cfn[]
  return distribution.Properties.DistributionConfig
}

describe('abuse protection: the WAF web ACL of a stage with waf: true', () => {
  let synth: Synthesised
  beforeAll(() => {
    synth = synthesise({ stages: { prod: { waf: true } } })
  }, 120_000)
  afterAll(() => synth?.dispose())

  it('puts the web ACL in a us-east-1 edge stack (CloudFront scope) and nothing else there', () => {
    expect(synth.stacks.edge?.region).toBe('us-east-1')
    expect(synth.stacks.site.region).toBe('eu-west-2')
    expect(webAclOf(synth)).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } })
    synth.edge?.resourceCountIs('AWS::CertificateManager::Certificate', 0)
  })

  it('blocks one IP over 20 requests per 5 minutes to /api/* with a JSON 429', () => {
    const acl = webAclOf(synth)
    const [rule] = acl.Rules
    expect(rule).toMatchObject({ Name: 'ApiRateLimitPerIp', Priority: 0 })
    expect(rule.Statement.RateBasedStatement).toEqual({
      Limit: 20,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'IP',
      ScopeDownStatement: {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: '/api/',
          TextTransformations: [{ Priority: 0, Type: 'NONE' }],
        },
      },
    })
    expect(rule.Action.Block.CustomResponse).toEqual({
      ResponseCode: 429,
      CustomResponseBodyKey: 'RateLimited',
    })
    expect(JSON.parse(acl.CustomResponseBodies.RateLimited.Content)).toEqual({
      message: RATE_LIMITED_MESSAGE,
    })
    expect(acl.CustomResponseBodies.RateLimited.ContentType).toBe('APPLICATION_JSON')
    for (const visibility of [acl.VisibilityConfig, rule.VisibilityConfig]) {
      expect(visibility).toMatchObject({
        CloudWatchMetricsEnabled: true,
        SampledRequestsEnabled: true,
      })
    }
  })

  it('runs AWS managed rule groups after the rate rule: IP reputation, bad inputs, common', () => {
    const groups = webAclOf(synth).Rules.slice(1)
    expect(groups.map((rule: Cfn) => rule.Statement.ManagedRuleGroupStatement.Name)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'AWSManagedRulesCommonRuleSet',
    ])
    expect(MANAGED_RULE_GROUPS).toHaveLength(3)
    for (const [index, rule] of groups.entries()) {
      expect(rule.Priority).toBe(index + 1)
      expect(rule.OverrideAction).toEqual({ None: {} })
      expect(rule.Statement.ManagedRuleGroupStatement.VendorName).toBe('AWS')
      expect(rule.VisibilityConfig.CloudWatchMetricsEnabled).toBe(true)
    }
    // The API's own 413 (a message the form shows) answers an oversize enquiry, not a bare 403.
    expect(groups[2].Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ])
  })

  it('logs blocked and counted requests only, to a WAF log group kept as long as the logs policy allows', () => {
    const groups = synth.edge?.findResources('AWS::Logs::LogGroup') ?? {}
    const [groupId, group] = Object.entries(groups)[0] as [string, Cfn]
    expect(group.Properties.LogGroupName).toMatch(/^aws-waf-logs-/)
    expect(group.Properties.RetentionInDays).toBe(30)
    synth.edge?.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebAcl'), 'Arn'] },
      LogDestinationConfigs: [
        {
          'Fn::Join': ['', Match.arrayWith([`:log-group:${group.Properties.LogGroupName}`])],
        },
      ],
      // A session, credentials, and what marks the canary's enquiry (its marker and its key).
      RedactedFields: [
        { SingleHeader: { Name: 'cookie' } },
        { SingleHeader: { Name: 'authorization' } },
        { SingleHeader: { Name: 'x-synthetic-enquiry' } },
        { SingleHeader: { Name: 'idempotency-key' } },
      ],
      // Allowed requests (pages, assets) are dropped: only what a rule blocked or counted stays.
      LoggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [
              { ActionCondition: { Action: 'BLOCK' } },
              { ActionCondition: { Action: 'COUNT' } },
              { ActionCondition: { Action: 'EXCLUDED_AS_COUNT' } },
            ],
          },
        ],
      },
    })
    // The retention audit follows the logs to that group and finds it within the policy.
    const findings = auditTemplates(
      [{ stackName: 'Edge', template: synth.edge?.toJSON() as Cfn }],
      retentionPolicy,
    )
    const waf = findings.filter((finding) => finding.place.startsWith('WAF logging'))
    expect(waf).toEqual([
      expect.objectContaining({
        status: 'pass',
        detail: expect.stringContaining(`Edge/${groupId}`),
      }),
    ])
    expect(findings.filter((finding) => finding.status === 'fail')).toEqual([])
  })

  it('attaches the web ACL to the distribution through a cross-region reference', () => {
    const reference = distributionConfigOf(synth).WebACLId
    expect(reference).toEqual({
      'Fn::GetStackOutput': expect.objectContaining({
        StackName: synth.stacks.edge?.stackName,
        Region: 'us-east-1',
      }),
    })
    expect(synth.stacks.site.dependencies).toContain(synth.stacks.edge)
  })

  it('passes cdk-nag in both stacks, with no CFR2 acknowledgement left', () => {
    expect(synth.violations).toEqual([])
    expect(JSON.stringify(synth.site.toJSON())).not.toContain('AwsSolutions-CFR2')
  })

  it('keeps the API stage throttle behind it', () => {
    synth.site.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: Match.anyValue(),
        ThrottlingBurstLimit: Match.anyValue(),
      }),
    })
  })
})

describe('the WAF web ACL with a tuned limit, beside a custom domain certificate', () => {
  let synth: Synthesised
  beforeAll(() => {
    synth = synthesise({
      stages: {
        prod: {
          waf: true,
          wafRateLimit: 100,
          account: '123456789012',
          domainName: 'www.elevate-digital.example',
          hostedZoneId: 'Z0123456789ABC',
          hostedZoneName: 'elevate-digital.example',
        },
      },
      env: { SITE_URL: 'https://www.elevate-digital.example' },
    })
  }, 120_000)
  afterAll(() => synth?.dispose())

  it('holds both in the one edge stack, passing cdk-nag', () => {
    expect(synth.violations).toEqual([])
    synth.edge?.resourceCountIs('AWS::CertificateManager::Certificate', 1)
    expect(webAclOf(synth).Rules[0].Statement.RateBasedStatement.Limit).toBe(100)
    expect(synth.stacks.edge?.templateOptions.description).toMatch(
      /TLS certificate and WAF web ACL/,
    )
    const config = distributionConfigOf(synth)
    expect(config.WebACLId).toBeDefined()
    expect(config.ViewerCertificate.AcmCertificateArn).toBeDefined()
  })
})

describe('without a web ACL', () => {
  it('creates no web ACL and keeps the CFR2 acknowledgement with its reason', () => {
    const synth = synthesise({ stages: { staging: {} } })
    try {
      expect(synth.edge).toBeUndefined()
      expect(distributionConfigOf(synth).WebACLId).toBeUndefined()
      expect(JSON.stringify(synth.site.toJSON())).toContain('AwsSolutions-CFR2')
    } finally {
      synth.dispose()
    }
  }, 120_000)
})
