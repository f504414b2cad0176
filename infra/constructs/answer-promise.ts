import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import type { RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { IHostedZone } from 'aws-cdk-lib/aws-route53'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import { DEFAULT_AGENCY_TIME_ZONE } from '#shared/agency-time.ts'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { AnswerWatch } from './answer-watch.ts'
import { addEnvironment } from './node-function.ts'
import { ReplyReceiving } from './reply-receiving.ts'

export interface AnswerPromiseProps {
  readonly table: ITableV2
  readonly senderEmail: string
  readonly agencyEmail: string
  /** Where staff's links open, and the stage's key that signs them and the reply addresses. */
  readonly siteUrl: string
  readonly linkKey: ISecret
  /** @default DEFAULT_AGENCY_TIME_ZONE */
  readonly agencyTimeZone?: string
  /** @default answerPromise.reminderAfterHours, 20 */
  readonly reminderAfterHours?: number
  /** @default - the agency inbox */
  readonly weeklySummaryTo?: string
  /**
   * The subdomain SES receives staff replies on, and the zone its MX record goes in.
   * @default - no reply detection: answers are marked with the link only
   */
  readonly replies?: { readonly domain: string; readonly hostedZone: IHostedZone }
  /** The functions whose e-mails or pages staff read: each gets the agency's clock. */
  readonly staffFacing: readonly IFunction[]
  /**
   * The functions that send the enquiry e-mail: they also sign its reply address and its
   * "I have answered this" link.
   */
  readonly enquirySenders: readonly IFunction[]
  /** @default 'prod' */
  readonly stage?: string
  /** @default - the repository's `functions/` */
  readonly functionsDirectory?: string
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays
}

/**
 * The 24-hour promise every page makes, kept: the reminder and weekly summary (AnswerWatch),
 * reply detection where the stage has it (ReplyReceiving), and what the other staff-facing
 * functions need to take part (the agency's time zone; for the enquiry e-mail's senders, the
 * site, the key and the reply domain).
 */
export class AnswerPromise extends Construct {
  readonly watch: AnswerWatch
  readonly replies: ReplyReceiving | undefined

  constructor(scope: Construct, id: string, props: AnswerPromiseProps) {
    super(scope, id)
    const common = {
      table: props.table,
      senderEmail: props.senderEmail,
      agencyEmail: props.agencyEmail,
      stage: props.stage,
      functionsDirectory: props.functionsDirectory,
      logRetention: props.logRetention,
    }
    this.watch = new AnswerWatch(this, 'Watch', {
      ...common,
      siteUrl: props.siteUrl,
      linkKey: props.linkKey,
      timeZone: props.agencyTimeZone,
      reminderAfterHours: props.reminderAfterHours,
      weeklySummaryTo: props.weeklySummaryTo,
    })
    this.replies =
      props.replies &&
      new ReplyReceiving(this, 'Replies', {
        ...common,
        replyDomain: props.replies.domain,
        hostedZone: props.replies.hostedZone,
        linkKey: props.linkKey,
      })
    const clock = { AGENCY_TIME_ZONE: props.agencyTimeZone ?? DEFAULT_AGENCY_TIME_ZONE }
    for (const fn of props.staffFacing) addEnvironment(fn, clock)
    for (const fn of props.enquirySenders) {
      addEnvironment(fn, {
        ...clock,
        SITE_URL: props.siteUrl,
        [enquiryActionsApi.keyEnv]: props.linkKey.secretValue.unsafeUnwrap(),
        ...(props.replies && { REPLY_DOMAIN: props.replies.domain }),
      })
    }
  }
}
