import { describe, expect, it } from 'vitest'
import { retentionPolicy } from './policy.ts'
import { auditTemplates } from './resources.ts'
import type { StackTemplate } from './template-pool.ts'

/**
 * Copies of enquiry data hidden in properties an audit of the obvious ones misses, injected one
 * at a time beside the enquiries table and a function: each must be a FAIL naming it. The seven
 * an earlier audit let through, then more of the same kinds.
 */
// biome-ignore lint/suspicious/noExplicitAny: CloudFormation templates are untyped JSON
type Resources = Record<string, any>

const base: Resources = {
  Table: {
    Type: 'AWS::DynamoDB::GlobalTable',
    Properties: {
      TimeToLiveSpecification: { Enabled: true, AttributeName: 'expiresAt' },
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
      Replicas: [{ Region: 'eu-west-2' }],
    },
  },
  FnLogs: { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } },
  Fn: {
    Type: 'AWS::Lambda::Function',
    Properties: {
      Description: 'Exports enquiries',
      LoggingConfig: { LogGroup: { Ref: 'FnLogs' } },
    },
  },
}
const fnRef = { Ref: 'Fn' }
const streamArn = { 'Fn::GetAtt': ['Table', 'StreamArn'] }
const mapping = (destination: unknown) => ({
  Mapping: {
    Type: 'AWS::Lambda::EventSourceMapping',
    Properties: {
      FunctionName: fnRef,
      EventSourceArn: streamArn,
      DestinationConfig: { OnFailure: { Destination: destination } },
    },
  },
})
/** A backup plan `Plan` with one rule, `Daily`, of these settings. */
const dailyBackup = (rule: Resources) => ({
  Plan: {
    Type: 'AWS::Backup::BackupPlan',
    Properties: { BackupPlan: { BackupPlanRule: [{ RuleName: 'Daily', ...rule }] } },
  },
})
const queue = (days: number) => ({
  Type: 'AWS::SQS::Queue',
  Properties: { MessageRetentionPeriod: days * 86_400 },
})

const fails = (extra: Resources, region = 'eu-west-2') => {
  const stacks: StackTemplate[] = [
    { stackName: 'S', region, template: { Resources: { ...base, ...extra } } },
  ]
  return auditTemplates(stacks, retentionPolicy)
    .filter((finding) => finding.status === 'fail')
    .map((finding) => `${finding.place}: ${finding.detail}`)
}

describe('copies of enquiries the audit must name', () => {
  it('passes the base: a table, a function and its log group', () => {
    expect(fails({})).toEqual([])
  })

  it.each<[string, Resources, RegExp]>([
    [
      'an AWS Backup rule whose copy action keeps a copy 3,650 days in another vault',
      dailyBackup({
        Lifecycle: { DeleteAfterDays: 35 },
        CopyActions: [
          {
            DestinationBackupVaultArn: 'arn:aws:backup:eu-west-1:210987654321:backup-vault:x',
            Lifecycle: { DeleteAfterDays: 3650 },
          },
        ],
      }),
      /^AWS Backup plan S\/Plan, rule Daily, copy to "arn:aws:backup:eu-west-1:210987654321:backup-vault:x": copies deleted after 3650 days/,
    ],
    [
      'a copy action without a lifecycle, to a vault of the stacks',
      {
        Vault: { Type: 'AWS::Backup::BackupVault', Properties: {} },
        ...dailyBackup({
          Lifecycle: { DeleteAfterDays: 7 },
          CopyActions: [
            { DestinationBackupVaultArn: { 'Fn::GetAtt': ['Vault', 'BackupVaultArn'] } },
          ],
        }),
      },
      /^AWS Backup plan S\/Plan, rule Daily, copy to S\/Vault: copies kept for ever/,
    ],
    [
      'a function logging to a group named only in its logging config',
      {
        Other: {
          Type: 'AWS::Lambda::Function',
          Properties: { Description: 'Other', LoggingConfig: { LogGroup: '/exports/enquiries' } },
        },
      },
      /^Function S\/Other: Other logs to "\/exports\/enquiries", a log group no stack creates/,
    ],
    [
      "a stream mapping's failed batches sent to S3",
      mapping('arn:aws:s3:::failed-batches'),
      /^Failure destination of the mapping S\/Mapping to Exports enquiries → "arn:aws:s3:::failed-batches": its failed batches \(to S3: the records themselves, whole enquiries\) go to a destination outside/,
    ],
    [
      "a stream mapping's failed batches sent to a bucket of the stacks",
      {
        Batches: { Type: 'AWS::S3::Bucket', Properties: {} },
        ...mapping({ 'Fn::GetAtt': ['Batches', 'Arn'] }),
      },
      /^Failure destination of the mapping S\/Mapping to Exports enquiries → S\/Batches: .* go to AWS::S3::Bucket S\/Batches, which is not a queue/,
    ],
    [
      "a stream mapping's failed batches sent to an SNS topic",
      { Topic: { Type: 'AWS::SNS::Topic', Properties: {} }, ...mapping({ Ref: 'Topic' }) },
      /^Failure destination of the mapping S\/Mapping .* → S\/Topic: .* go to AWS::SNS::Topic/,
    ],
    [
      'an EventBridge rule targeting a log group in another account',
      {
        Rule: {
          Type: 'AWS::Events::Rule',
          Properties: {
            Targets: [{ Id: 'x', Arn: 'arn:aws:logs:eu-west-2:210987654321:log-group:/siem' }],
          },
        },
      },
      /^EventBridge rule S\/Rule → "arn:aws:logs:eu-west-2:210987654321:log-group:\/siem": sends the events it matches to a target outside these stacks/,
    ],
    [
      'a schedule invoking a target outside the stacks',
      {
        Schedule: {
          Type: 'AWS::Scheduler::Schedule',
          Properties: { Target: { Arn: 'arn:aws:lambda:eu-west-2:210987654321:function:x' } },
        },
      },
      /^EventBridge schedule S\/Schedule → .*: invokes a target outside these stacks/,
    ],
    [
      'a global-table replica in another region',
      {
        Table: {
          ...base.Table,
          Properties: {
            ...base.Table.Properties,
            Replicas: [{ Region: 'us-east-1' }, { Region: 'eu-west-2' }],
          },
        },
      },
      /^Replica of S\/Table in "us-east-1": every enquiry is copied to another region/,
    ],
    [
      'a 14-day failure queue of a new function',
      {
        Failed: queue(14),
        Invoke: {
          Type: 'AWS::Lambda::EventInvokeConfig',
          Properties: {
            FunctionName: fnRef,
            DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': ['Failed', 'Arn'] } } },
          },
        },
      },
      /^SQS queue S\/Failed \(failed events\): whole events that failed in: Exports enquiries: deleted after 14 days \(limit 14 days\); no line of the policy covers/,
    ],
    [
      "a function's success destination (every event it handled)",
      {
        Invoke: {
          Type: 'AWS::Lambda::EventInvokeConfig',
          Properties: {
            FunctionName: fnRef,
            DestinationConfig: {
              OnSuccess: { Destination: 'arn:aws:sqs:eu-west-2:210987654321:all' },
            },
          },
        },
      },
      /^Success destination of Exports enquiries → "arn:aws:sqs:eu-west-2:210987654321:all": every event it handled/,
    ],
    [
      "a function's dead-letter queue of another account",
      {
        Fn: {
          ...base.Fn,
          Properties: {
            ...base.Fn.Properties,
            DeadLetterConfig: { TargetArn: 'arn:aws:sns:eu-west-2:210987654321:dlq' },
          },
        },
      },
      /^Dead-letter queue of Exports enquiries → "arn:aws:sns:eu-west-2:210987654321:dlq"/,
    ],
  ])('%s', (_name, extra, names) => {
    expect(fails(extra)).toContainEqual(expect.stringMatching(names))
  })

  it("passes the stream mapping's own failure queue: pointers to batches, within 14 days", () => {
    expect(fails({ Failed: queue(14), ...mapping({ 'Fn::GetAtt': ['Failed', 'Arn'] }) })).toEqual(
      [],
    )
    expect(fails({ Failed: queue(15), ...mapping({ 'Fn::GetAtt': ['Failed', 'Arn'] }) })).toEqual([
      expect.stringMatching(
        /^SQS queue S\/Failed \(failed events\): pointers to stream batches .*deleted after 15 days/,
      ),
    ])
  })
})
