import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { BACKLOG_AGE_METRIC, pipelineCounts } from '#functions/metrics.ts'
import { METRICS_NAMESPACE } from '#shared/delivery-metrics.ts'
import { pipelineMetrics } from '../constructs/contact-api.ts'
import {
  bundledStage,
  getAtt,
  logicalIdOf,
  type Resource,
  tlsOnlyTopicPolicy,
} from '../testing/site-templates.ts'

describe('a stage with no domain, no analytics, functions bundled', () => {
  const stage = bundledStage()

  describe('notifications and alarms', () => {
    it('verifies the sender address in SES, in the data stack', () => {
      stage.template.resourceCountIs('AWS::SES::EmailIdentity', 0)
      stage.data.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: 'hello@elevate-digital.example',
      })
    })

    it('has an encrypted, SSL-only ops topic CloudWatch may publish to, with no subscriber', () => {
      const topicId = logicalIdOf(stage.template, 'AWS::SNS::Topic', 'Notifications')
      const topic = stage.template.findResources('AWS::SNS::Topic')[topicId] as Resource
      expect(topic.Properties.KmsMasterKeyId).toEqual(
        getAtt(logicalIdOf(stage.template, 'AWS::KMS::Key', 'Notifications'), 'Arn'),
      )
      stage.template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true })
      stage.template.hasResourceProperties(
        'AWS::SNS::TopicPolicy',
        tlsOnlyTopicPolicy(topicId, { Principal: { Service: 'cloudwatch.amazonaws.com' } }),
      )
      stage.template.resourceCountIs('AWS::SNS::Subscription', 1)
      stage.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda' })
    })

    it('alarms ops on function errors, API 5xx and e-mails given up', () => {
      const topicId = logicalIdOf(stage.template, 'AWS::SNS::Topic', 'Notifications')
      // PipelineAlarms' own (PipelineDashboard's are checked in infra/deployment-monitoring.test.ts,
      // DeliveryEvents' in infra/constructs/delivery-events.test.ts).
      // The dead-sender and unknown-outcome alarms have tests of their own, below.
      const alarms = Object.entries(stage.template.findResources('AWS::CloudWatch::Alarm'))
        .filter(([id]) => id.startsWith('Alarms'))
        .filter(([id]) => !/^Alarms(DeadStreamSender|EmailOutcomeUnknown)/.test(id))
        .map(([, alarm]) => alarm) as Resource[]
      expect(alarms).toHaveLength(9)
      for (const alarm of alarms) {
        expect(alarm.Properties).toMatchObject({
          AlarmActions: [{ Ref: topicId }],
          OKActions: [{ Ref: topicId }],
        })
        if (alarm.Properties.MetricName === 'OldestUndeliveredAgeSeconds') continue
        expect(alarm.Properties).toMatchObject({
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
          Statistic: 'Sum',
        })
      }
      const watched = alarms.map((alarm) => {
        const { Namespace, MetricName, Dimensions } = alarm.Properties
        return `${Namespace} ${MetricName} ${JSON.stringify(Dimensions?.[0]?.Value ?? null)}`
      })
      const contactId = logicalIdOf(stage.template, 'AWS::Lambda::Function', 'ContactApiContact')
      const retryId = logicalIdOf(
        stage.template,
        'AWS::Lambda::Function',
        'ContactApiNotificationRetry',
      )
      const digestId = logicalIdOf(stage.template, 'AWS::Lambda::Function', 'DigestSend')
      const actionsId = logicalIdOf(
        stage.template,
        'AWS::Lambda::Function',
        'ContactApiEnquiryActions',
      )
      const senderId = logicalIdOf(stage.template, 'AWS::Lambda::Function', 'EnquirySenderSender')
      const watchId = logicalIdOf(stage.template, 'AWS::Lambda::Function', 'AnswersWatchWatch')
      const apiId = logicalIdOf(stage.template, 'AWS::ApiGatewayV2::Api', 'ContactApi')
      expect(watched.sort()).toEqual(
        [
          `AWS/Lambda Errors ${JSON.stringify({ Ref: contactId })}`,
          `AWS/Lambda Errors ${JSON.stringify({ Ref: retryId })}`,
          `AWS/Lambda Errors ${JSON.stringify({ Ref: digestId })}`,
          `AWS/Lambda Errors ${JSON.stringify({ Ref: actionsId })}`,
          `AWS/Lambda Errors ${JSON.stringify({ Ref: senderId })}`,
          `AWS/Lambda Errors ${JSON.stringify({ Ref: watchId })}`,
          `AWS/ApiGateway 5xx ${JSON.stringify({ Ref: apiId })}`,
          'ElevateDigital/Enquiries EnquiryGaveUp "notification-retry"',
          'ElevateDigital/Enquiries OldestUndeliveredAgeSeconds "notification-retry"',
        ].sort(),
      )
    })

    it('alarms on the metrics the functions emit: a give-up at once, a backlog over 15 minutes', () => {
      expect(pipelineMetrics.namespace).toBe(METRICS_NAMESPACE)
      expect(pipelineCounts).toContain(pipelineMetrics.gaveUp)
      expect(pipelineMetrics.backlogAge).toBe(BACKLOG_AGE_METRIC)
      stage.template.resourceCountIs('AWS::Logs::MetricFilter', 0)
      const dimensions = [
        { Name: 'service', Value: 'notification-retry' },
        { Name: 'stage', Value: 'prod' },
      ]
      stage.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: METRICS_NAMESPACE,
        MetricName: 'EnquiryGaveUp',
        Dimensions: dimensions,
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      })
      stage.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: METRICS_NAMESPACE,
        MetricName: 'OldestUndeliveredAgeSeconds',
        Dimensions: dimensions,
        Statistic: 'Maximum',
        Threshold: 900,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'breaching',
      })
      stage.template.hasResourceProperties('AWS::Lambda::Function', {
        Environment: { Variables: Match.objectLike({ STAGE: 'prod' }) },
      })
    })

    it('alarms when enquiries arrive and the stream sender does not run: the retry e-mailed one it never touched', () => {
      expect(pipelineCounts).toContain(pipelineMetrics.emailedByRetry)
      const topicId = logicalIdOf(stage.template, 'AWS::SNS::Topic', 'Notifications')
      stage.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: METRICS_NAMESPACE,
        MetricName: 'EnquiryEmailedByRetry',
        Dimensions: [
          { Name: 'service', Value: 'notification-retry' },
          { Name: 'stage', Value: 'prod' },
        ],
        Statistic: 'Sum',
        Period: 300,
        Threshold: 1,
        EvaluationPeriods: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        // The retry reports it every run, 0 included: no data is the retry not running, when
        // nobody sends at all.
        TreatMissingData: 'breaching',
        AlarmActions: [{ Ref: topicId }],
        OKActions: [{ Ref: topicId }],
      })
    })

    it('alarms on a send SES did not answer, from either function that sends', () => {
      expect(pipelineCounts).toContain(pipelineMetrics.outcomeUnknown)
      const [alarm] = Object.entries(stage.template.findResources('AWS::CloudWatch::Alarm'))
        .filter(([id]) => id.startsWith('AlarmsEmailOutcomeUnknown'))
        .map(([, found]) => found) as Resource[]
      const metrics = alarm?.Properties.Metrics as {
        Expression?: string
        MetricStat?: { Metric: { MetricName: string; Dimensions: { Value: unknown }[] } }
      }[]
      expect(metrics.find((metric) => metric.Expression)?.Expression).toBe(
        'FILL(m0, 0) + FILL(m1, 0)',
      )
      expect(
        metrics
          .filter((metric) => metric.MetricStat)
          .map((metric) => [
            metric.MetricStat?.Metric.MetricName,
            metric.MetricStat?.Metric.Dimensions[0]?.Value,
          ]),
      ).toEqual([
        ['EnquiryEmailOutcomeUnknown', 'notification-retry'],
        ['EnquiryEmailOutcomeUnknown', 'enquiry-sender'],
      ])
      expect(alarm?.Properties).toMatchObject({ Threshold: 1, TreatMissingData: 'notBreaching' })
    })

    it('keeps the alarms’ and the dashboard’s logical ids across renames of their classes', () => {
      // The construct ids ('Alarms', 'Monitoring') are older than PipelineAlarms and
      // PipelineDashboard; a changed id would replace every alarm (and lose its history).
      const ids = Object.keys({
        ...stage.template.findResources('AWS::CloudWatch::Alarm'),
        ...stage.template.findResources('AWS::CloudWatch::Dashboard'),
      }).filter((id) => !id.startsWith('DeliveryEvents') && !id.startsWith('EnquirySender'))
      // The enquiry sender's and the answer watch's are new (no history to keep); the older ones
      // keep their ids.
      const newer = /EnquirySender|AnswerWatch|Reminder/
      expect(ids.filter((id) => newer.test(id)).sort()).toEqual([
        expect.stringMatching(/^AlarmsAnswerWatchErrors/),
        expect.stringMatching(/^AlarmsEnquirySenderErrors/),
        expect.stringMatching(/^MonitoringAnswerWatchThrottles/),
        expect.stringMatching(/^MonitoringEnquirySenderThrottles/),
        expect.stringMatching(/^MonitoringReminderFailedInvocations/),
      ])
      // Two alarms of the send pipeline are new too.
      const added = /^Alarms(DeadStreamSender|EmailOutcomeUnknown)/
      expect(ids.filter((id) => added.test(id))).toHaveLength(2)
      expect(ids.filter((id) => !newer.test(id) && !added.test(id)).sort()).toEqual(
        [
          'AlarmsContactErrors3DC1AC1A',
          'AlarmsNotificationRetryErrorsD4513F0A',
          'AlarmsDigestErrors9EB1D36F',
          'AlarmsEnquiryActionsErrorsBADC095C',
          'AlarmsApi5xxFE885FB1',
          'AlarmsEmailGaveUp6AB9C403',
          'AlarmsEmailBacklogAge6B1773A8',
          'MonitoringContactThrottles9AD83213',
          'MonitoringNotificationRetryThrottlesE115EF01',
          'MonitoringDigestThrottles58940377',
          'MonitoringNotificationRetryFailedInvocations3B462AD5',
          'MonitoringDigestFailedInvocations960B08E9',
          'MonitoringDashboard0C3675C6',
          'CanaryAlarmFAEA13FB',
          expect.stringMatching(/^RetentionEvidenceAlarm/),
        ].sort(),
      )
    })
  })
})
