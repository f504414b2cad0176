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
 * find the live pieces it checks (ops/verify.ts), by id. One whose piece the stage does not have
 * is left out.
 */
export function addSiteOutputs(
  stack: OutputSources,
  siteUrl: string,
  options: { readonly executeApiEnabled: boolean },
): void {
  const outputs: Record<string, { description: string; value: string | undefined }> = {
    SiteUrl: {
      description: 'The website',
      value: siteUrl,
    },
    DistributionDomainName: {
      description: 'Point a custom domain (CNAME/alias) here if Route 53 does not host it',
      value: stack.site.distribution.distributionDomainName,
    },
    DistributionId: {
      description: 'For invalidations when rolling back by hand (docs/deploy.md)',
      value: stack.site.distribution.distributionId,
    },
    CanaryName: {
      description: 'The canary function: a synthetic enquiry through the site, hourly',
      value: stack.canary.function.functionName,
    },
    CanaryAlarmName: {
      description: 'OK with data when the canary’s last runs passed (npm run verify reads it)',
      value: stack.canary.alarm.alarmName,
    },
    CanaryKeySecretArn: {
      description:
        'The synthetic key, for npm run canary against this stage (its value is not here)',
      value: stack.contactApi.syntheticKey.secretArn,
    },
    OpsTopicArn: {
      description: 'Subscribe ops here for alarms',
      value: stack.notifications.opsTopic.topicArn,
    },
    ContactApiId: {
      description: 'The contact HTTP API',
      value: stack.contactApi.httpApi.apiId,
    },
    ContactApiEndpoint: {
      description: 'The API without CloudFront: answers 404 (no route without the secret path)',
      // With a domain, the execute-api name is switched off and the API's domain is its name.
      value: options.executeApiEnabled ? stack.contactApi.httpApi.apiEndpoint : undefined,
    },
    DeliveryEventsFunctionName: {
      description: 'Records SES delivery events on enquiries',
      value: stack.deliveryEvents.function.functionName,
    },
    DeliveryEventsFailedQueueArn: {
      description: 'Delivery events the function failed on (its on-failure destination)',
      value: stack.deliveryEvents.failedEvents.queueArn,
    },
    // The enquiry sender's stream trigger and dead-letter queue (docs/operations.md).
    EnquirySenderFunctionName: {
      description:
        'E-mails each new enquiry, started by the table stream (npm run verify reads its trigger)',
      value: stack.sender?.function.functionName,
    },
    EnquirySenderFailedRecordsQueueArn: {
      description: 'Stream records the enquiry sender failed on (its on-failure destination)',
      value: stack.sender?.failedRecords.queueArn,
    },
    RetryScheduleName: {
      description: 'Runs the notification retry',
      value: stack.contactApi.retrySchedule.ruleName,
    },
    DigestScheduleName: {
      description: 'Sends the attention digest',
      value: stack.digest.schedule.ruleName,
    },
    AuditorRoleArn: {
      description: 'For an auditor: the read-only live retention check (docs/operations.md)',
      value: stack.evidence?.auditorRole.roleArn,
    },
    RetentionEvidenceFunctionName: {
      description: 'Files the monthly retention report (run it now: aws lambda invoke)',
      value: stack.evidence?.function.functionName,
    },
  }
  for (const [id, { description, value }] of Object.entries(outputs)) {
    if (value !== undefined) new CfnOutput(stack, id, { description, value })
  }
}
