import { Duration, Stack } from 'aws-cdk-lib'
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb'
import { Schedule as EventSchedule, Rule, RuleTargetInput } from 'aws-cdk-lib/aws-events'
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets'
import { Grant, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import { DEFAULT_AGENCY_TIME_ZONE } from '#shared/agency-time.ts'
import { answerPromise } from '#shared/answer-promise.ts'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { handlerEntry, nodeFunction } from './node-function.ts'
import { pipelineEnvironment } from './pipeline-function-props.ts'

export interface AnswerWatchProps {
  /** The enquiries table whose `by-day` and `needs-attention` indexes it reads. */
  readonly table: ITableV2
  /** The verified SES identity's address its e-mails come from, as enquiry e-mails do. */
  readonly senderEmail: string
  /** The agency inbox the reminder goes to (and the weekly summary, unless `weeklySummaryTo`). */
  readonly agencyEmail: string
  /** Where its links open, and the key that signs them. */
  readonly siteUrl: string
  readonly linkKey: ISecret
  /**
   * The agency's time zone: the weekly summary goes at Monday 08:00 there, and staff read every
   * time in it.
   * @default DEFAULT_AGENCY_TIME_ZONE
   */
  readonly timeZone?: string
  /**
   * Hours after an enquiry came that one unanswered is in the reminder.
   * @default answerPromise.reminderAfterHours, 20
   */
  readonly reminderAfterHours?: number
  /**
   * Who gets the weekly summary.
   * @default - the agency inbox
   */
  readonly weeklySummaryTo?: string
  /** @default 'prod' */
  readonly stage?: string
  /** @default - the repository's `functions/` */
  readonly functionsDirectory?: string
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays
}

/**
 * The 24-hour promise, watched (functions/answer-watch/): one function, run every 15 minutes
 * for the reminder and each Monday morning (the agency's own time, through EventBridge
 * Scheduler, which keeps a time zone) for the weekly summary. The stack grants it its SES
 * sending and tracking as it does the other senders'.
 */
export class AnswerWatch extends Construct {
  readonly function: IFunction
  /** Runs the reminder; its failed invocations page ops. */
  readonly reminderSchedule: Rule
  readonly weeklySchedule: CfnSchedule

  constructor(scope: Construct, id: string, props: AnswerWatchProps) {
    super(scope, id)
    const timeZone = props.timeZone ?? DEFAULT_AGENCY_TIME_ZONE
    const { fn } = nodeFunction(this, 'Watch', {
      entry: handlerEntry('answer-watch', props.functionsDirectory),
      description: 'Reminds the agency of unanswered enquiries; sends the weekly summary',
      memorySize: 256,
      // Its calls are over by ANSWER_WATCH_BUDGET_MS (45 s).
      timeout: Duration.seconds(60),
      environment: {
        ...pipelineEnvironment(props, props.stage ?? 'prod'),
        SITE_URL: props.siteUrl,
        AGENCY_TIME_ZONE: timeZone,
        REMINDER_AFTER_HOURS: String(props.reminderAfterHours ?? answerPromise.reminderAfterHours),
        ...(props.weeklySummaryTo && { WEEKLY_SUMMARY_TO: props.weeklySummaryTo }),
        [enquiryActionsApi.keyEnv]: props.linkKey.secretValue.unsafeUnwrap(),
      },
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // The schedules retry; Lambda's own retries would overlap the next run.
      retryAttempts: 0,
    })
    this.function = fn
    // A week's enquiries by day, the waiting ones, their few fields, and the two marks.
    Grant.addToPrincipal({
      grantee: fn,
      actions: ['dynamodb:Query'],
      resourceArns: [enquiryTable.dayIndex, enquiryTable.attentionIndex].map(
        (index) => `${props.table.tableArn}/index/${index.name}`,
      ),
    })
    Grant.addToPrincipal({
      grantee: fn,
      actions: ['dynamodb:BatchGetItem', 'dynamodb:UpdateItem'],
      resourceArns: [props.table.tableArn],
    })
    this.reminderSchedule = new Rule(this, 'ReminderSchedule', {
      description: 'E-mails the agency the enquiries not answered 20 hours on',
      schedule: EventSchedule.rate(Duration.minutes(answerPromise.reminderEveryMinutes)),
      targets: [
        new LambdaFunction(fn, {
          event: RuleTargetInput.fromObject({ job: 'remind' }),
          // The next run, a quarter of an hour on, is the retry.
          retryAttempts: 0,
        }),
      ],
    })
    // EventBridge Scheduler keeps a time zone (a rule's cron is UTC only): Monday 08:00 is the
    // agency's all year. Its role may invoke this function and nothing else (the L2 target's
    // role would also allow every version of it, a wildcard for nothing).
    const scheduler = new Role(this, 'WeeklyScheduleRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: 'Lets the weekly summary schedule run the answer-watch function',
    })
    Grant.addToPrincipal({
      grantee: scheduler,
      actions: ['lambda:InvokeFunction'],
      resourceArns: [fn.functionArn],
    })
    this.weeklySchedule = new CfnSchedule(this, 'WeeklySchedule', {
      description: `E-mails last week's enquiry summary, Monday 08:00 ${timeZone}`,
      scheduleExpression: answerPromise.weeklySummaryCron,
      scheduleExpressionTimezone: timeZone,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: fn.functionArn,
        roleArn: scheduler.roleArn,
        input: JSON.stringify({ job: 'weekly' }),
        retryPolicy: { maximumRetryAttempts: 2 },
      },
    })
  }
}
