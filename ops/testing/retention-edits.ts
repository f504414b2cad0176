import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'

/**
 * Edits of the infrastructure code that break the retention policy, and edits that break the
 * build, for the retention audit's test (ops/retention-audit/edits.test.ts): each is made to a
 * scratch copy of the code, never to this checkout.
 */
const repo = new URL('../../', import.meta.url).pathname

export interface Edit {
  readonly name: string
  /** A file of the copy, and what replaces what in it (each `from` must be there). */
  readonly changes: readonly (readonly [file: string, from: string, to: string])[]
  readonly args?: readonly string[]
  /** The FAIL line that names the breach. */
  readonly names: RegExp
}

const siteStack = 'infra/stacks/site-stack.ts'
const dataStack = 'infra/stacks/data-stack.ts'
/** Code added to a stack's constructor, before its outputs, with the imports it needs. */
const addToStack = (file: string, outputsStart: string) => (imports: string, code: string) =>
  [
    [
      file,
      "import { retention } from '../retention.ts'",
      `${imports}\nimport { retention } from '../retention.ts'`,
    ],
    [file, outputsStart, `${code}\n${outputsStart}`],
  ] as const
/** The stateless stack of each stage: functions, API, distribution, queues. */
export const addToSiteStack = addToStack(
  siteStack,
  '    addSiteOutputs(this, siteUrl, { executeApiEnabled: !domain })',
)
/** The stateful stack of each stage: table, buckets, identities. */
export const addToDataStack = addToStack(
  dataStack,
  "    new CfnOutput(this, 'EnquiriesTableName', {",
)

const edits: readonly Edit[] = [
  {
    name: 'point-in-time recovery of 36 days (the stack’s setting)',
    changes: [['infra/retention.ts', 'pointInTimeRecoveryDays: 35', 'pointInTimeRecoveryDays: 36']],
    names: /^FAIL {2}Retention setting pointInTimeRecoveryDays \(infra\/retention\.ts\): 36 days/m,
  },
  {
    name: 'point-in-time recovery of 0 days',
    changes: [['infra/retention.ts', 'pointInTimeRecoveryDays: 35', 'pointInTimeRecoveryDays: 0']],
    names: /^FAIL {2}Retention setting pointInTimeRecoveryDays .*DynamoDB takes 1 to 35 days/m,
  },
  {
    name: 'point-in-time recovery of 36 days in the table construct',
    changes: [
      [
        'infra/constructs/enquiries-table.ts',
        'recoveryPeriodInDays: props.pointInTimeRecoveryDays ?? 35',
        'recoveryPeriodInDays: 36',
      ],
    ],
    names: /^FAIL {2}The CDK app refuses prod\/Data\/Enquiries\/Table: `recoveryPeriodInDays`/m,
  },
  {
    name: 'an SQS queue added',
    changes: addToSiteStack(
      "import { Queue } from 'aws-cdk-lib/aws-sqs'",
      "    new Queue(this, 'Outbox', { enforceSSL: true })",
    ),
    names: /^FAIL {2}SQS queue ElevateDigital\/Outbox\w+: a queue the audit cannot place/m,
  },
  {
    name: 'an AWS Backup plan keeping 5 years',
    changes: addToDataStack(
      "import { BackupPlan, BackupResource } from 'aws-cdk-lib/aws-backup'",
      "    BackupPlan.dailyWeeklyMonthly5YearRetention(this, 'Backups').addSelection('Enquiries', { resources: [BackupResource.fromArn(this.enquiries.table.tableArn)] })",
    ),
    names:
      /^FAIL {2}AWS Backup plan ElevateDigital-Data\/Backups\w*, rule Monthly5Year: recovery points deleted after 1825 days \(limit 35 days\)/m,
  },
  {
    name: 'an AWS Backup plan that never deletes',
    changes: addToDataStack(
      "import { BackupPlan, BackupPlanRule } from 'aws-cdk-lib/aws-backup'",
      "    new BackupPlan(this, 'Backups').addRule(new BackupPlanRule({ ruleName: 'Forever' }))",
    ),
    names:
      /^FAIL {2}AWS Backup plan ElevateDigital-Data\/Backups\w*, rule Forever: recovery points are never deleted/m,
  },
  {
    name: 'function and API logs kept a year',
    changes: [
      ['infra/retention.ts', 'logs: RetentionDays.ONE_MONTH', 'logs: RetentionDays.ONE_YEAR'],
    ],
    names:
      /^FAIL {2}Log group ElevateDigital\/ContactApiContactLogs\w+: .*365 days \(limit 30 days\)/m,
  },
  {
    name: 'function and API logs kept for ever',
    changes: [
      ['infra/retention.ts', 'logs: RetentionDays.ONE_MONTH', 'logs: RetentionDays.INFINITE'],
    ],
    names:
      /^FAIL {2}Log group ElevateDigital\/ContactApiAccessLogs\w+: API access logs .*kept for ever/m,
  },
  {
    name: 'a function log group without a retention',
    changes: [
      [
        'infra/constructs/delivery-events.ts',
        "      description: 'Runs the delivery-events function of the agency website',\n      retention,\n",
        "      description: 'Runs the delivery-events function of the agency website',\n",
      ],
    ],
    names:
      /^FAIL {2}Log group ElevateDigital\/DeliveryEventsFunctionLogs\w+: .*731 days \(limit 30 days\)/m,
  },
  {
    name: 'a function logging to its default log group',
    changes: [
      ['infra/constructs/delivery-events.ts', '      logGroup,\n      role,', '      role,'],
    ],
    names: /^FAIL {2}Function ElevateDigital\/DeliveryEventsFunction\w+: .*default group/m,
  },
  {
    name: 'WAF logs kept a year (a web ACL added to the trial stage for one run)',
    changes: [['infra/define-app.ts', 'logRetention: retention.logs', 'logRetention: 365']],
    args: ['-c', 'stage=staging', '-c', 'waf=true'],
    names: /^FAIL {2}WAF logging ElevateDigital-staging-Edge\/\w+: .*365 days \(limit 30 days\)/m,
  },
  {
    name: 'access logs kept 400 days',
    changes: [['infra/retention.ts', 'accessLogDays: 90', 'accessLogDays: 400']],
    names:
      /^FAIL {2}S3 bucket ElevateDigital-Data\/SiteLogBucket\w+ \(access logs\): .*expired after 400 days/m,
  },
  {
    name: 'access logs never expired',
    changes: [
      [
        'infra/constructs/site-storage.ts',
        '          expiration: props.accessLogRetention ?? Duration.days(90),\n',
        '',
      ],
    ],
    names:
      /^FAIL {2}S3 bucket ElevateDigital-Data\/SiteLogBucket\w+ \(access logs\): .*no lifecycle rule expires them/m,
  },
  {
    name: 'the access log bucket versioned, old versions kept',
    changes: [
      [
        'infra/constructs/site-storage.ts',
        "      // CloudFront's standard logs are delivered with an ACL grant",
        "      versioned: true,\n      // CloudFront's standard logs are delivered with an ACL grant",
      ],
    ],
    names:
      /^FAIL {2}S3 bucket ElevateDigital-Data\/SiteLogBucket\w+ \(access logs\): .*old versions never expired/m,
  },
  {
    name: 'an S3 bucket added',
    changes: addToDataStack(
      "import { Bucket } from 'aws-cdk-lib/aws-s3'",
      "    new Bucket(this, 'Exports', { enforceSSL: true })",
    ),
    names: /^FAIL {2}S3 bucket ElevateDigital-Data\/Exports\w+: a bucket the audit cannot place/m,
  },
  {
    name: 'a Kinesis stream added',
    changes: addToDataStack(
      "import { Stream } from 'aws-cdk-lib/aws-kinesis'",
      "    new Stream(this, 'Clicks')",
    ),
    names:
      /^FAIL {2}AWS::Kinesis::Stream ElevateDigital-Data\/Clicks\w+: a data store the retention policy does not cover/m,
  },
  {
    name: 'a second DynamoDB table without TTL',
    changes: addToDataStack(
      "import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb'",
      "    new TableV2(this, 'Sessions', { partitionKey: { name: 'id', type: AttributeType.STRING } })",
    ),
    names: /^FAIL {2}DynamoDB table ElevateDigital-Data\/Sessions\w+ \(enquiries\): no TTL/m,
  },
  {
    name: 'the enquiries table without TTL',
    changes: [
      [
        'infra/constructs/enquiries-table.ts',
        '      timeToLiveAttribute: enquiryTable.ttlAttribute,\n',
        '',
      ],
    ],
    names: /^FAIL {2}DynamoDB table ElevateDigital-Data\/EnquiriesTable\w+ \(enquiries\): no TTL/m,
  },
  {
    name: 'TTL on another attribute than the code stamps',
    changes: [
      [
        'infra/constructs/enquiries-table.ts',
        'timeToLiveAttribute: enquiryTable.ttlAttribute,',
        "timeToLiveAttribute: 'expiry',",
      ],
    ],
    names: /^FAIL {2}DynamoDB table .*: TTL is on on "expiry"; the code stamps "expiresAt"/m,
  },
  {
    name: 'the TTL attribute renamed in the shared contract only',
    changes: [
      ['shared/enquiry-table.ts', "ttlAttribute: 'expiresAt',", "ttlAttribute: 'deleteAt',"],
    ],
    names: /^FAIL {2}Item the contact pipeline writes: .*deleteAt never \(no deleteAt\)/m,
  },
  {
    name: 'enquiries kept 4 years',
    changes: [
      ['shared/contact.ts', 'export const RETENTION_YEARS = 3', 'export const RETENTION_YEARS = 4'],
    ],
    names: /^FAIL {2}expiresAt code path: .*4 years, the policy says 3/m,
  },
  {
    name: 'expiry a year late',
    changes: [
      [
        'shared/enquiry-table.ts',
        'const year = createdAt.getUTCFullYear() + years',
        'const year = createdAt.getUTCFullYear() + years + 1',
      ],
    ],
    names:
      /^FAIL {2}expiresAt code path: .*created 2026-11-21T15:04:05\.678Z, expires 2030-11-21T15:04:05\.000Z, not 2029/m,
  },
  {
    name: 'expiry in milliseconds',
    changes: [
      [
        'shared/enquiry-table.ts',
        'return Math.floor(expiry.getTime() / 1000)',
        'return expiry.getTime()',
      ],
    ],
    names: /^FAIL {2}Item the contact pipeline writes: .*, expected 20\d\d-/m,
  },
  {
    name: 'held spam stored without an expiry',
    changes: [
      [
        'functions/enquiries/item.ts',
        '    expiresAt: retentionExpiresAt(createdAt),',
        '    ...(held ? {} : { expiresAt: retentionExpiresAt(createdAt) }),',
      ],
    ],
    names: /^FAIL {2}expiresAt code path: .*\(held as spam\), expires never/m,
  },
  {
    name: 'failed delivery events kept 30 days',
    changes: [['infra/retention.ts', 'failedEventDays: 14', 'failedEventDays: 30']],
    names:
      /^FAIL {2}Retention setting failedEventDays \(infra\/retention\.ts\): failed delivery events kept 30 days \(limit 14 days\)/m,
  },
  {
    name: 'the dead-letter queue detached from the delivery-events function',
    changes: [
      [
        'infra/constructs/delivery-events.ts',
        '      onFailure: new SqsDestination(this.failedEvents),\n',
        '',
      ],
    ],
    names:
      /^FAIL {2}SQS queue ElevateDigital\/DeliveryEventsFailedEvents\w+: a queue the audit cannot place/m,
  },
  {
    name: 'the policy’s backup limit lowered to 30 days',
    changes: [['functions/retention-audit/policy.ts', 'backupDaysMax: 35', 'backupDaysMax: 30']],
    names:
      /^FAIL {2}Point-in-time recovery of ElevateDigital-Data\/EnquiriesTable\w+: 35 days \(limit 30 days\)/m,
  },
]

/**
 * Each edit audited on one stage (production, unless it names its own): every edit shows in
 * either, and each stage audited costs a synthesis.
 */
export const breakingEdits: readonly Edit[] = edits.map((edit) => ({
  ...edit,
  args: edit.args ?? ['-c', 'stage=prod'],
}))

export const brokenBuilds: readonly Edit[] = [
  {
    name: 'a TypeScript syntax error in the stack',
    changes: [
      [
        siteStack,
        "new AttentionDigest(this, 'Digest', {",
        "new AttentionDigest(this, 'Digest', {{",
      ],
    ],
    names:
      /^audit:retention: the CDK app could not be built: SyntaxError: .* \(infra\/stacks\/site-stack\.ts:\d+\)$/,
  },
  {
    name: 'an import of a module that does not exist',
    changes: [[siteStack, "from '../retention.ts'", "from '../retention-settings.ts'"]],
    names:
      /^audit:retention: the CDK app could not be built: Error: Cannot find module .*retention-settings\.ts/,
  },
  {
    name: 'a construct that throws',
    changes: addToSiteStack(
      '',
      "    if (this.contactApi) throw new TypeError('props.table is undefined')",
    ),
    names:
      /^audit:retention: the CDK app could not be built: TypeError: props\.table is undefined \(infra\/stacks\/site-stack\.ts:\d+\)$/,
  },
  {
    name: 'a committed stage in a region AWS does not have',
    changes: [['infra/stages.ts', "region: 'eu-west-2',", "region: 'xx-nowhere-1',"]],
    names:
      /^audit:retention: the CDK app could not be built: infra\/stages\.ts: stage prod: xx-nowhere-1 is not an AWS region$/,
  },
  {
    name: 'a committed setting that does not parse',
    changes: [['infra/stages.ts', 'waf: true,', "waf: 'maybe',"]],
    names:
      /^audit:retention: the CDK app could not be built: infra\/stages\.ts: Invalid settings for stage prod: waf must be true or false$/,
  },
]

/** The parts of the checkout an audit reads. */
const parts = [
  'infra',
  'ops',
  'local',
  'shared',
  'functions',
  'cdk.json',
  'package.json',
  'package-lock.json',
]
const skipped = /(^|\/)(node_modules|\.cache)$/

/**
 * Hard links, not copies: the copy costs a directory walk, not the bytes. A file an edit
 * changes is unlinked and written anew, so the checkout's own file is never touched.
 */
function linkTree(from: string, to: string): void {
  if (!statSync(from).isDirectory()) {
    try {
      linkSync(from, to)
    } catch {
      // Another file system (a tmpfs /tmp): a copy, then.
      copyFileSync(from, to)
    }
    return
  }
  mkdirSync(to)
  for (const entry of readdirSync(from)) {
    if (!skipped.test(entry)) linkTree(join(from, entry), join(to, entry))
  }
}

/** A scratch copy of the code with `edit` made, its dependencies linked from this checkout. */
export function scratchCopy(root: string, name: string, edit: Edit): string {
  const dir = join(root, name)
  mkdirSync(dir)
  // The lock file is there too: the CDK takes its real folder as the project's root.
  for (const part of parts) linkTree(join(repo, part), join(dir, part))
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'))
  for (const [file, from, to] of edit.changes) {
    const path = join(dir, file)
    const text = readFileSync(path, 'utf8')
    if (!text.includes(from)) throw new Error(`${edit.name}: "${from}" is no longer in ${file}`)
    unlinkSync(path)
    writeFileSync(path, text.replace(from, to))
  }
  return dir
}
