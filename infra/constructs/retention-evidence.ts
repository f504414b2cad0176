import { type CfnResource, Duration, Stack, Validations } from 'aws-cdk-lib'
import {
  ComparisonOperator,
  MathExpression,
  type Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch'
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb'
import { Rule, Schedule } from 'aws-cdk-lib/aws-events'
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets'
import {
  AccountRootPrincipal,
  Effect,
  type IRole,
  ManagedPolicy,
  PolicyStatement,
  Role,
} from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { IBucket } from 'aws-cdk-lib/aws-s3'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js'
import { Construct, type IConstruct } from 'constructs'
import { evidenceBucketEnv } from '#functions/retention-audit/buckets.ts'
import {
  driftReadActions,
  liveCheckActions,
  scannableAttributes,
} from '#functions/retention-audit/live/permissions.ts'
import type { StackLocation } from '#functions/retention-audit/live/stacks.ts'
import {
  auditStacksEnv,
  evidencePrefix,
  RETENTION_FAILURES_METRIC,
} from '#functions/retention-evidence/contract.ts'
import { alarmToTopic } from './first-occurrence-alarm.ts'
import { handlerEntry, nodeFunction } from './node-function.ts'
import { pipelineMetric } from './pipeline-metric.ts'
import { grantSesSend } from './ses-send-grant.ts'

/** 06:00 UTC on the 1st of each month. */
export const EVIDENCE_SCHEDULE = 'cron(0 6 1 * ? *)'

export interface RetentionEvidenceProps {
  /** The stage, as the report names it. */
  readonly stage: string
  /** Every stack of the stage, where it is deployed: what the check reads. */
  readonly stacks: readonly StackLocation[]
  /** The enquiries table, whose items' timestamps the check reads. */
  readonly table: ITableV2
  /** The Object Lock bucket the reports go to (the data stack's). */
  readonly evidenceBucket: IBucket
  /** The stage's other buckets (site, access logs), whose lifecycle and replication are read. */
  readonly bucketNames: readonly string[]
  /** The From address, as for enquiry e-mails. */
  readonly senderEmail: string
  /** Who receives each report. */
  readonly auditEmail: string
  /** The SES identities the stage sends as. */
  readonly sendingIdentityArns: readonly string[]
  /** Where a FAIL (or a run that could not finish) raises the alarm. */
  readonly opsTopic: ITopic
  /**
   * The folder holding `retention-evidence/handler.ts`.
   * @default - the repository's `functions/`
   */
  readonly functionsDirectory?: string
  /**
   * How long the function's logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays
}

/**
 * The auditor's evidence without a command: on the 1st of each month a function runs the live
 * retention check (functions/retention-audit/live/) on the stage, writes the dated report to the
 * Object Lock bucket and e-mails it to `auditEmail`; a FAIL raises the ops alarm. The read-only
 * policy the check needs is one managed policy, attached to the function and to an auditor's
 * role any principal of the account allowed to assume it can use to run the check themselves.
 */
export class RetentionEvidence extends Construct {
  readonly function: IFunction
  readonly schedule: Rule
  /** Exactly the calls the live check makes, and reading the reports. */
  readonly auditorPolicy: ManagedPolicy
  readonly auditorRole: IRole
  readonly failuresMetric: Metric

  constructor(scope: Construct, id: string, props: RetentionEvidenceProps) {
    super(scope, id)
    const stack = Stack.of(this)
    const { fn } = nodeFunction(this, 'Check', {
      entry: handlerEntry('retention-evidence', props.functionsDirectory),
      description: 'Checks the live retention of the stage monthly and files the report',
      // A million items' timestamps in parallel scan pages: CPU for the counting.
      memorySize: 1024,
      timeout: Duration.minutes(15),
      environment: {
        STAGE: props.stage,
        SENDER_EMAIL: props.senderEmail,
        AUDIT_EMAIL: props.auditEmail,
        [evidenceBucketEnv]: props.evidenceBucket.bucketName,
        [auditStacksEnv]: JSON.stringify(props.stacks),
      },
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // A second run only files a second report; none leaves the month without evidence.
      retryAttempts: 1,
    })
    this.function = fn

    const stackArns = props.stacks.map(
      ({ stackName, region }) =>
        `arn:${stack.partition}:cloudformation:${region}:${stack.account}:stack/${stackName}/*`,
    )
    const regions = [...new Set(props.stacks.map(({ region }) => region))]
    const inRegions = (service: string, resource: string) =>
      regions.map(
        (region) => `arn:${stack.partition}:${service}:${region}:${stack.account}:${resource}`,
      )
    const stackNames = props.stacks.map(({ stackName }) => stackName)
    const bucketArns = [props.evidenceBucket.bucketName, ...props.bucketNames].map(
      (name) => `arn:${stack.partition}:s3:::${name}`,
    )
    this.auditorPolicy = new ManagedPolicy(this, 'AuditorPolicy', {
      description: `Read-only: the live retention check of stage ${props.stage} (npm run audit:retention -- --deployed ${props.stage}) and its reports`,
      statements: [
        new PolicyStatement({ actions: [...liveCheckActions.stacks], resources: stackArns }),
        new PolicyStatement({
          actions: [
            ...liveCheckActions.driftStatus,
            ...liveCheckActions.backups,
            ...liveCheckActions.metrics,
          ],
          resources: ['*'],
        }),
        new PolicyStatement({
          actions: [...liveCheckActions.table],
          resources: [props.table.tableArn],
        }),
        // Timestamps only: a scan naming any other attribute, or none, is refused.
        new PolicyStatement({
          actions: [...liveCheckActions.scan],
          resources: [props.table.tableArn],
          conditions: {
            'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...scannableAttributes] },
            StringEquals: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
          },
        }),
        new PolicyStatement({
          actions: [...liveCheckActions.logs],
          resources: inRegions('logs', 'log-group:*'),
        }),
        new PolicyStatement({
          actions: [...liveCheckActions.functions],
          resources: stackNames.flatMap((name) => inRegions('lambda', `function:${name}*`)),
        }),
        new PolicyStatement({
          actions: [...liveCheckActions.api],
          resources: regions.map(
            (region) => `arn:${stack.partition}:apigateway:${region}::/apis/*`,
          ),
        }),
        new PolicyStatement({ actions: [...liveCheckActions.buckets], resources: bucketArns }),
        new PolicyStatement({
          actions: [...liveCheckActions.queues],
          resources: stackNames.flatMap((name) => inRegions('sqs', `${name}*`)),
        }),
        // CloudFormation's drift detection reads each resource with the caller's rights.
        new PolicyStatement({ actions: [...driftReadActions], resources: ['*'] }),
        // The reports themselves, for the auditor to download.
        new PolicyStatement({
          actions: ['s3:GetObject', 's3:GetObjectRetention', 's3:ListBucket'],
          resources: [props.evidenceBucket.bucketArn, props.evidenceBucket.arnForObjects('*')],
        }),
      ],
    })
    this.auditorPolicy.attachToRole(fn.role as IRole)
    this.auditorRole = new Role(this, 'AuditorRole', {
      assumedBy: new AccountRootPrincipal(),
      description: `For an auditor: the live retention check of stage ${props.stage}, read-only`,
      managedPolicies: [this.auditorPolicy],
      maxSessionDuration: Duration.hours(1),
    })
    // The function's only writes: its reports, and the e-mail to the auditor.
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['s3:PutObject'],
        resources: [props.evidenceBucket.arnForObjects(`${evidencePrefix}*`)],
      }),
    )
    grantSesSend(fn, [...props.sendingIdentityArns], {
      fromAddress: props.senderEmail,
      recipients: [props.auditEmail],
    })

    acknowledgeReadOnlyWildcards(this.auditorPolicy)
    acknowledgeReadOnlyWildcards(fn.role as IRole)

    this.schedule = new Rule(this, 'Schedule', {
      description: 'Runs the monthly retention check and files its report',
      schedule: Schedule.expression(EVIDENCE_SCHEDULE),
      targets: [new LambdaFunction(fn, { retryAttempts: 1 })],
    })
    this.failuresMetric = pipelineMetric(
      'retention-evidence',
      props.stage,
      RETENTION_FAILURES_METRIC,
      { statistic: 'Maximum', period: Duration.days(1) },
    )
    alarmToTopic(this, 'Alarm', props.opsTopic, {
      metric: new MathExpression({
        expression: 'MAX([failures, errors])',
        usingMetrics: {
          failures: this.failuresMetric,
          errors: fn.metricErrors({ period: Duration.days(1), statistic: 'Sum' }),
        },
        period: Duration.days(1),
        label: 'Retention check: FAIL findings or failed runs',
      }),
      alarmDescription:
        'The monthly retention check found a FAIL, or could not run: enquiry data may be kept ' +
        'longer than the policy allows. The report e-mailed to the auditor, and kept in the ' +
        'evidence bucket, names each FAIL (docs/operations.md, "Retention evidence").',
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    })
  }
}

/** Why each wildcard of the check's policies is there, by the first action of its statement. */
function wildcardReason(actions: readonly string[]): string {
  if (actions.includes('s3:PutObject')) {
    return 'The monthly reports: one object per month, named by its date, under the reports prefix of the evidence bucket only.'
  }
  if (actions.includes('s3:GetObject')) {
    return 'The reports in the evidence bucket, for the auditor to download: no personal data.'
  }
  if (
    actions.some(
      (action) =>
        action.startsWith('cloudformation:') &&
        action !== 'cloudformation:DescribeStackDriftDetectionStatus',
    )
  ) {
    return "The stage's own stacks, by name: a stack's ARN ends in an id CloudFormation generates."
  }
  return (
    'Read-only: the live retention check reads configuration (Describe, Get, List; drift ' +
    "detection reads each resource of the stage's stacks with the caller's rights), whose " +
    'names are generated; several of these actions take no resource. No item, object, message ' +
    'or secret value is readable (functions/retention-audit/live/permissions.ts).'
  )
}

/**
 * Acknowledges each wildcard of `owner`'s policy with its reason, read from the resolved policy
 * after cross-stack references are resolved (as site-deployment.ts does), so each matches what
 * cdk-nag reports; copied into the template's metadata like cdk-nag's own.
 */
function acknowledgeReadOnlyWildcards(owner: IConstruct) {
  owner.node.addValidation({
    validate: () => {
      const policy = (owner.node.tryFindChild('DefaultPolicy')?.node.defaultChild ??
        owner.node.defaultChild) as CfnResource & { policyDocument?: unknown }
      if (!policy?.policyDocument) return []
      const document = Stack.of(owner).resolve(policy.policyDocument) as {
        Statement: { Action: string | string[]; Resource: unknown }[]
      }
      const acknowledged = new Map<string, string>()
      for (const statement of document.Statement) {
        const actions = [statement.Action].flat()
        for (const action of actions.filter((a) => a.includes('*'))) {
          acknowledged.set(`AwsSolutions-IAM5[Action::${action}]`, wildcardReason(actions))
        }
        for (const resource of [statement.Resource].flat().map(flattenCfnReference)) {
          if (resource.includes('*')) {
            acknowledged.set(`AwsSolutions-IAM5[Resource::${resource}]`, wildcardReason(actions))
          }
        }
      }
      const rules = [...acknowledged].map(([id, reason]) => ({ id, reason }))
      Validations.of(owner).acknowledge(...rules)
      const written = (policy.getMetadata('cdk_nag')?.rules_to_suppress ?? []) as object[]
      policy.addMetadata('cdk_nag', { rules_to_suppress: [...written, ...rules] })
      return []
    },
  })
}
