import { Duration } from 'aws-cdk-lib'
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch'
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb'
import { Rule, Schedule } from 'aws-cdk-lib/aws-events'
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets'
import { Grant } from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import { digestMetrics } from '#shared/delivery-metrics.ts'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { firstOccurrenceAlarm } from './first-occurrence-alarm.ts'
import { handlerEntry, nodeFunction } from './node-function.ts'
import { pipelineEnvironment } from './pipeline-function-props.ts'
import { pipelineMetric } from './pipeline-metric.ts'

/** Every morning at 08:00 UTC (08:00 in a British winter, 09:00 in summer). */
export const DEFAULT_DIGEST_SCHEDULE = 'cron(0 8 * * ? *)'

export interface AttentionDigestProps {
  /** The enquiries table whose `needs-attention` index it reads. */
  readonly table: ITableV2
  /** The verified SES identity's address the digest comes from, as enquiry e-mails do. */
  readonly senderEmail: string
  /** The agency inbox it goes to. */
  readonly agencyEmail: string
  /**
   * When it is sent: an EventBridge schedule expression (`cron(…)` in UTC, or `rate(…)`).
   * @default DEFAULT_DIGEST_SCHEDULE, daily
   */
  readonly schedule?: string
  /**
   * The functions' `STAGE`.
   * @default 'prod'
   */
  readonly stage?: string
  /**
   * The folder holding `digest/handler.ts`.
   * @default - the repository's `functions/`
   */
  readonly functionsDirectory?: string
  /**
   * The site's own URL and the stage's link-signing key: each entry then carries signed links
   * (send it, stop listing it) that open a page of the site.
   * @default - no links: each entry shows the ops command instead
   */
  readonly actionLinks?: { readonly siteUrl: string; readonly key: ISecret }
  /**
   * How many days an enquiry is listed in full.
   * @default enquiryActionsApi.listDays, 14
   */
  readonly listDays?: number
  /**
   * A second address that also gets the digest when the agency inbox itself refused mail. A copy
   * that fails pages `opsTopic` (the run ends without an error: a retry would repeat the digest).
   * @default - none
   */
  readonly copyTo?: string
  /** Where the alarm on a failed copy goes (only with `copyTo`). */
  readonly opsTopic: ITopic
  /**
   * How long the function's logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays
}

/**
 * The scheduled digest to the agency of every enquiry nobody there has seen (held as spam, or
 * its e-mail given up, bounced, complained about or refused): the function that reads the
 * `needs-attention` index and e-mails the list, and the schedule that runs it. The stack grants
 * it its SES sending and tracking as it does the other senders'.
 */
export class AttentionDigest extends Construct {
  readonly function: IFunction
  /** Runs the function; its failed invocations page ops. */
  readonly schedule: Rule
  /** With `copyTo`: a copy the digest could not send. */
  readonly copyFailedAlarm: Alarm | undefined

  constructor(scope: Construct, id: string, props: AttentionDigestProps) {
    super(scope, id)
    const { fn } = nodeFunction(this, 'Send', {
      entry: handlerEntry('digest', props.functionsDirectory),
      description: 'E-mails the agency a digest of enquiries held back or not delivered',
      memorySize: 256,
      // Its calls are over by DIGEST_BUDGET_MS (45 s).
      timeout: Duration.seconds(60),
      environment: {
        ...pipelineEnvironment(props, props.stage ?? 'prod'),
        DIGEST_LIST_DAYS: String(props.listDays ?? enquiryActionsApi.listDays),
        ...(props.copyTo && { DIGEST_COPY_TO: props.copyTo }),
        ...(props.actionLinks && {
          SITE_URL: props.actionLinks.siteUrl,
          // Resolved by CloudFormation at deploy time, as the origin secret is: the template
          // holds only the reference.
          [enquiryActionsApi.keyEnv]: props.actionLinks.key.secretValue.unsafeUnwrap(),
        }),
      },
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
    })
    this.function = fn
    // What enquiriesForDigest does: one index read per status, then the items' few fields.
    Grant.addToPrincipal({
      grantee: fn,
      actions: ['dynamodb:Query'],
      resourceArns: [`${props.table.tableArn}/index/${enquiryTable.attentionIndex.name}`],
    })
    Grant.addToPrincipal({
      grantee: fn,
      actions: ['dynamodb:BatchGetItem'],
      resourceArns: [props.table.tableArn],
    })
    this.schedule = new Rule(this, 'Schedule', {
      description: 'E-mails the agency a digest of enquiries held back or not delivered',
      schedule: Schedule.expression(props.schedule ?? DEFAULT_DIGEST_SCHEDULE),
      // A digest sent twice only repeats a list; one not sent leaves staff unaware for a day.
      // (Once the digest went, the function does not fail on its copy: nothing repeats it.)
      targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
    })
    this.copyFailedAlarm =
      props.copyTo === undefined
        ? undefined
        : firstOccurrenceAlarm(this, 'CopyFailedAlarm', {
            metric: pipelineMetric(
              digestMetrics.service,
              props.stage ?? 'prod',
              digestMetrics.copyFailed,
              { statistic: 'Sum', period: Duration.minutes(5) },
            ),
            description:
              `The digest went to the agency inbox, which had refused mail, but its copy to ` +
              `${props.copyTo} failed: nobody may have seen it. The digest function's log says ` +
              'why (attention_digest_copy_failed); send it again by hand (docs/operations.md).',
            topic: props.opsTopic,
          })
  }
}
