import type { CfnDistribution } from 'aws-cdk-lib/aws-cloudfront'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Synthesised, synthesise } from '../testing/synthesise-app.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

const resourcesOf = (template: Cfn, type: string): [string, Cfn][] =>
  Object.entries(template.Resources ?? {}).filter(
    ([, resource]: [string, Cfn]) => resource.Type === type,
  ) as [string, Cfn][]

/** The alarm's DistributionId dimension, and the value the site stack writes for it to read. */
function watched(synth: Synthesised) {
  const monitoring = synth.cloudFrontAlarms.toJSON()
  const [, alarm] = resourcesOf(monitoring, 'AWS::CloudWatch::Alarm')[0] as [string, Cfn]
  const dimension = alarm.Properties.Dimensions.find((d: Cfn) => d.Name === 'DistributionId')
  const parameter = monitoring.Parameters[dimension.Value.Ref]
  const [, writer] = resourcesOf(synth.site.toJSON(), 'Custom::AWS')[0] as [string, Cfn]
  // The custom resource's call, as its handler receives it (JSON with references spliced in).
  const call = writer.Properties.Update['Fn::Join'][1] as Cfn[]
  return { dimension, parameter, writer, call }
}

describe('the CloudFront alarm follows the distribution', () => {
  let synth: Synthesised
  let replaced: Synthesised
  beforeAll(() => {
    synth = synthesise({ stages: { prod: {} } })
    // The same stage, with the distribution replaced (a new logical id is a new distribution).
    replaced = synthesise({
      stages: { prod: {} },
      beforeSynth: (stages) => {
        const distribution = stages.prod?.site.site.distribution.node
          .defaultChild as CfnDistribution
        distribution.overrideLogicalId('ReplacementDistribution')
      },
    })
  }, 240_000)
  afterAll(() => {
    synth?.dispose()
    replaced?.dispose()
  })

  it('reads the id from an SSM parameter, which CloudFormation resolves on every deploy', () => {
    const { dimension, parameter } = watched(synth)
    expect(dimension.Value).toEqual({ Ref: 'DistributionId' })
    // An SSM-typed parameter: the CDK CLI never skips the stack (it assumes the value may have
    // changed), and CloudFormation updates the alarm when it has.
    expect(parameter).toMatchObject({
      Type: 'AWS::SSM::Parameter::Value<String>',
      Default: '/ElevateDigital/distribution-id',
    })
    expect(synth.stacks.cloudFrontAlarms.dependencies).toContain(synth.stacks.site)
    expect(synth.violations).toEqual([])
  })

  it('is written by the site stack, in us-east-1, with the id of whichever distribution exists', () => {
    for (const [template, distributionId] of [
      [synth, 'SiteDistribution390DED28'],
      [replaced, 'ReplacementDistribution'],
    ] as const) {
      const { parameter, call, writer } = watched(template)
      expect(resourcesOf(template.site.toJSON(), 'AWS::CloudFront::Distribution')[0]?.[0]).toBe(
        distributionId,
      )
      // The id is a property of the writer: a replaced distribution changes it, so the same
      // deploy writes the new id.
      expect(call).toContainEqual({ Ref: distributionId })
      const text = call.map((part) => (typeof part === 'string' ? part : '<id>')).join('')
      expect(JSON.parse(text)).toMatchObject({
        service: 'SSM',
        action: 'putParameter',
        region: 'us-east-1',
        parameters: { Name: parameter.Default, Value: '<id>', Overwrite: true },
      })
      expect(writer.Properties.Create).toEqual(writer.Properties.Update)
    }
    // The monitoring stack is the same either way: what it watches moves with the parameter.
    expect(replaced.cloudFrontAlarms.toJSON()).toEqual(synth.cloudFrontAlarms.toJSON())
  })

  it('keeps its stack name and its alarm’s logical id across renames of its classes', () => {
    // CloudFrontAlarmsStack and CloudFrontAlarms kept the ids of EdgeMonitoringStack and
    // EdgeAlarms: a renamed stack is a new stack, a changed id a replaced alarm.
    expect(synth.stacks.cloudFrontAlarms.stackName).toBe('ElevateDigital-EdgeMonitoring')
    expect(synth.stacks.cloudFrontAlarms.node.id).toBe('EdgeMonitoring')
    expect(Object.keys(synth.cloudFrontAlarms.findResources('AWS::CloudWatch::Alarm'))).toEqual([
      'EdgeAlarmsCdn5xxRateB55833FA',
    ])
  })

  it('lets the writer put and delete that one parameter, logging to a log group kept 30 days', () => {
    const site = synth.site.toJSON()
    const statements = resourcesOf(site, 'AWS::IAM::Policy')
      .filter(([id]) => id.startsWith('DistributionIdParameter'))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
    const ssm = statements.filter((statement: Cfn) => `${statement.Action}`.startsWith('ssm:'))
    expect(ssm.flatMap((statement: Cfn) => [statement.Action].flat()).sort()).toEqual([
      'ssm:DeleteParameter',
      'ssm:PutParameter',
    ])
    for (const statement of ssm) {
      expect(JSON.stringify(statement.Resource)).toContain(':ssm:us-east-1:')
      expect(JSON.stringify(statement.Resource)).toContain(
        ':parameter/ElevateDigital/distribution-id',
      )
    }
    const [, logs] = resourcesOf(site, 'AWS::Logs::LogGroup').find(([id]) =>
      id.startsWith('DistributionIdParameterLogs'),
    ) as [string, Cfn]
    expect(logs.Properties.RetentionInDays).toBe(30)
  })
})

describe('CloudFront alarms when the site itself runs in us-east-1, with an ops address', () => {
  const synth = synthesise({
    stages: {
      prod: {
        account: '123456789012',
        region: 'us-east-1',
        opsEmail: 'ops@elevate-digital.example',
      },
    },
  })

  it('e-mails the same ops address from the us-east-1 topic as from the site’s', () => {
    for (const template of [synth.site, synth.cloudFrontAlarms]) {
      template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: 'ops@elevate-digital.example',
      })
    }
    expect(Object.keys(synth.cloudFrontAlarms.findOutputs('OpsTopicArn'))).toEqual(['OpsTopicArn'])
  })

  it('watches the site stack’s distribution in the same region, passing cdk-nag', () => {
    const { parameter, call } = watched(synth)
    expect(parameter.Default).toBe('/ElevateDigital/distribution-id')
    expect(call.join('')).toContain('"region":"us-east-1"')
    expect(synth.stacks.cloudFrontAlarms.dependencies).toContain(synth.stacks.site)
    expect(synth.violations).toEqual([])
  })
})
