import { CfnOutput } from 'aws-cdk-lib'
import type { Construct } from 'constructs'
import type { AttentionDigest } from '../constructs/attention-digest.ts'
import type { Canary } from '../constructs/canary.ts'
import type { ContactApi } from '../constructs/contact-api.ts'
import type { DeliveryEvents } from '../constructs/delivery-events.ts'
import type { EnquirySender } from '../constructs/enquiry-sender.ts'
import type { Notifications } from '../constructs/notifications.ts'
import type { RetentionEvidence } from '../constructs/retention-evidence.ts'
import type { StaticSite } from '../constructs/static-site.ts'

/** The site stack's pieces its outputs name. */
interface OutputSources extends Construct {
  readonly site: StaticSite
  readonly canary: Canary
  readonly contactApi: ContactApi
  readonly notifications: Notifications
  readonly deliveryEvents: DeliveryEvents
  readonly sender: EnquirySender | undefined
  readonly digest: AttentionDigest
  readonly evidence: RetentionEvidence | undefined
}

/**
 * The site stack's outputs: what ops read after a deploy, and what `npm run verify` reads to
 * find the live pieces it checks (ops/verify.ts). A row whose piece the stage does not have is
 * left out.
 */
export function addSiteOutputs(
  stack: OutputSources,
  siteUrl: string,
  options: { readonly executeApiEnabled: boolean },
): void {
  const rows: [id: string, description: string, value: string | undefined][] = [
    ['SiteUrl', 'The website', siteUrl],
    [
      'DistributionDomainName',
      'Point a custom domain (CNAME/alias) here if Route 53 does not host it',
      stack.site.distribution.distributionDomainName,
    ],
    [
      'DistributionId',
      'For invalidations when rolling back by hand (docs/deploy.md)',
      stack.site.distribution.distributionId,
    ],
    [
      'CanaryName',
      'The canary function: a synthetic enquiry through the site, hourly',
      stack.canary.function.functionName,
    ],
    [
      'CanaryAlarmName',
      'OK with data when the canary’s last runs passed (npm run verify reads it)',
      stack.canary.alarm.alarmName,
    ],
    [
      'CanaryKeySecretArn',
      'The synthetic key, for npm run canary against this stage (its value is not here)',
      stack.contactApi.syntheticKey.secretArn,
    ],
    ['OpsTopicArn', 'Subscribe ops here for alarms', stack.notifications.opsTopic.topicArn],
    ['ContactApiId', 'The contact HTTP API', stack.contactApi.httpApi.apiId],
    [
      'ContactApiEndpoint',
      'The API without CloudFront: answers 404 (no route without the secret path)',
      // With a domain, the execute-api name is switched off and the API's domain is its name.
      options.executeApiEnabled ? stack.contactApi.httpApi.apiEndpoint : undefined,
    ],
    [
      'DeliveryEventsFunctionName',
      'Records SES delivery events on enquiries',
      stack.deliveryEvents.function.functionName,
    ],
    [
      'DeliveryEventsFailedQueueArn',
      'Delivery events the function failed on (its on-failure destination)',
      stack.deliveryEvents.failedEvents.queueArn,
    ],
    // The enquiry sender's stream trigger and dead-letter queue (docs/operations.md).
    [
      'EnquirySenderFunctionName',
      'E-mails each new enquiry, started by the table stream (npm run verify reads its trigger)',
      stack.sender?.function.functionName,
    ],
    [
      'EnquirySenderFailedRecordsQueueArn',
      'Stream records the enquiry sender failed on (its on-failure destination)',
      stack.sender?.failedRecords.queueArn,
    ],
    ['RetryScheduleName', 'Runs the notification retry', stack.contactApi.retrySchedule.ruleName],
    ['DigestScheduleName', 'Sends the attention digest', stack.digest.schedule.ruleName],
    [
      'AuditorRoleArn',
      'For an auditor: the read-only live retention check (docs/operations.md)',
      stack.evidence?.auditorRole.roleArn,
    ],
    [
      'RetentionEvidenceFunctionName',
      'Files the monthly retention report (run it now: aws lambda invoke)',
      stack.evidence?.function.functionName,
    ],
  ]
  for (const [id, description, value] of rows) {
    if (value !== undefined) new CfnOutput(stack, id, { description, value })
  }
}
