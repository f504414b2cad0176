import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import {
  ANSWER_COUNTS,
  ENQUIRY_FUNNEL,
  ENQUIRY_METRICS_NAMESPACE,
} from './constructs/pipeline-dashboard.ts'
import {
  type Cfn,
  type Combination,
  edgeCombinations,
  resourcesOf,
  synthesiseCombinations,
} from './testing/deployment-combinations.ts'

/**
 * The alarms and dashboards of every documented combination (docs/deploy.md): in the stage's
 * region, and CloudFront's in us-east-1.
 */
const synths = synthesiseCombinations(edgeCombinations)

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
        expect.stringMatching(/^AnswersWatchWatchFunction/),
        expect.stringMatching(/^ContactApiContactFunction/),
        expect.stringMatching(/^ContactApiNotificationRetryFunction/),
        expect.stringMatching(/^DigestSendFunction/),
        expect.stringMatching(/^EnquirySenderSenderFunction/),
      ])
      const failed = alarms.filter((alarm) => alarm.MetricName === 'FailedInvocations')
      expect(failed.map((alarm) => alarm.Dimensions[0].Value.Ref).sort()).toEqual([
        expect.stringMatching(/^AnswersWatchReminderSchedule/),
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
      for (const metric of [
        ...ENQUIRY_FUNNEL,
        'OldestUndeliveredAgeSeconds',
        // The 24-hour promise: time to first answer, and promises missed.
        'FirstAnswerSeconds',
        ...ANSWER_COUNTS,
      ]) {
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
      const { stacks, cloudFrontAlarms } = synths[name]
      expect(stacks.cloudFrontAlarms.stackName).toBe(`${stacks.site.stackName}-EdgeMonitoring`)
      expect(stacks.cloudFrontAlarms.region).toBe('us-east-1')
      expect(stacks.cloudFrontAlarms.dependencies).toContain(stacks.site)

      const alarms = resourcesOf(cloudFrontAlarms, 'AWS::CloudWatch::Alarm')
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
      // cloudfront-alarms-stack.test.ts replaces the distribution and follows it there).
      expect(dimensions.DistributionId).toEqual({ Ref: 'DistributionId' })
      expect(cloudFrontAlarms.toJSON().Parameters.DistributionId).toMatchObject({
        Type: 'AWS::SSM::Parameter::Value<String>',
        Default: `/${stacks.site.stackName}/distribution-id`,
      })

      const [topicId, topic] = resourcesOf(cloudFrontAlarms, 'AWS::SNS::Topic')[0] ?? []
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }])
      expect(alarm.OKActions).toEqual([{ Ref: topicId }])
      expect(topic.Properties.KmsMasterKeyId).toEqual({
        'Fn::GetAtt': [expect.stringMatching(/^OpsTopicKey/), 'Arn'],
      })
      cloudFrontAlarms.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true })
      expect(JSON.stringify(alarm.AlarmDescription)).toContain('docs/operations.md')
    },
  )

  it('keeps the stages apart: each watches its own distribution', () => {
    const watched = (name: Combination) =>
      synths[name].cloudFrontAlarms.toJSON().Parameters.DistributionId.Default
    expect(watched('default')).toBe('/ElevateDigital/distribution-id')
    expect(watched('staging')).toBe('/ElevateDigital-staging/distribution-id')
    synths.staging.cloudFrontAlarms.hasResourceProperties('AWS::SNS::Topic', {
      Tags: Match.arrayWith([{ Key: 'stage', Value: 'staging' }]),
    })
  })
})
