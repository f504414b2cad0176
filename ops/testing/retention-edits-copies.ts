import { addToDataStack, addToSiteStack, type Edit } from './retention-edits.ts'

/**
 * Copies of enquiry data that an audit reading only the obvious properties lets through: a
 * backup copied to another vault, a function logging to a group no stack creates, failed batches
 * sent to S3 or SNS, a rule forwarding events to another account, a replica in another region,
 * a failure queue of a new function. Each must be a FAIL naming it. Made to a scratch copy of
 * the code (retention-edits.ts), never to this checkout.
 */
const lambdaFunction = (id: string, extra = '') =>
  `new CfnFunction(this, '${id}', { role: 'arn:aws:iam::123456789012:role/exporter', code: { zipFile: 'exports.handler = async () => {}' }, runtime: 'nodejs22.x', handler: 'index.handler'${extra} })`

const edits: readonly Edit[] = [
  {
    name: 'an AWS Backup rule copying each backup to another vault for 3,650 days',
    changes: addToDataStack(
      "import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup'",
      "    new BackupPlan(this, 'Backups', { backupPlanRules: [new BackupPlanRule({ ruleName: 'Daily', deleteAfter: Duration.days(35), copyActions: [{ destinationBackupVault: BackupVault.fromBackupVaultArn(this, 'Elsewhere', 'arn:aws:backup:eu-west-1:210987654321:backup-vault:archive'), moveToColdStorageAfter: Duration.days(90), deleteAfter: Duration.days(3650) }] })] }).addSelection('Enquiries', { resources: [BackupResource.fromArn(this.enquiries.table.tableArn)] })",
    ),
    names:
      /^FAIL {2}AWS Backup plan ElevateDigital-Data\/Backups\w*, rule Daily, copy to "arn:aws:backup:eu-west-1:210987654321:backup-vault:archive": copies deleted after 3650 days \(limit 35 days\), in a vault outside these stacks/m,
  },
  {
    name: 'a new function logging to a group named only in its logging config',
    changes: addToSiteStack(
      "import { CfnFunction } from 'aws-cdk-lib/aws-lambda'",
      `    ${lambdaFunction('Exporter', ", loggingConfig: { logGroup: '/exports/enquiries' }")}`,
    ),
    names:
      /^FAIL {2}Function ElevateDigital\/Exporter: a function logs to "\/exports\/enquiries", a log group no stack creates: .*kept for ever/m,
  },
  {
    name: 'the table stream mapped to a function whose failed batches go to S3',
    changes: addToSiteStack(
      "import { CfnEventSourceMapping } from 'aws-cdk-lib/aws-lambda'",
      "    new CfnEventSourceMapping(this, 'Copy', { functionName: this.contactApi.contactFunction.functionName, eventSourceArn: props.data.tableStreamArn, startingPosition: 'LATEST', destinationConfig: { onFailure: { destination: 'arn:aws:s3:::failed-enquiry-batches' } } })",
    ),
    names:
      /^FAIL {2}Failure destination of the mapping ElevateDigital\/Copy to .* → "arn:aws:s3:::failed-enquiry-batches": its failed batches \(to S3: the records themselves, whole enquiries\) go to a destination outside these stacks/m,
  },
  {
    name: 'an EventBridge rule forwarding SES events to a log group in another account',
    changes: addToSiteStack(
      "import { CfnRule } from 'aws-cdk-lib/aws-events'",
      "    new CfnRule(this, 'Forward', { eventPattern: { source: ['aws.ses'] }, targets: [{ id: 'siem', arn: 'arn:aws:logs:eu-west-2:210987654321:log-group:/siem/ses' }] })",
    ),
    names:
      /^FAIL {2}EventBridge rule ElevateDigital\/Forward → "arn:aws:logs:eu-west-2:210987654321:log-group:\/siem\/ses": sends the events it matches to a target outside these stacks/m,
  },
  {
    name: 'a replica of the enquiries table in another region',
    changes: [
      [
        'infra/constructs/enquiries-table.ts',
        '      timeToLiveAttribute: enquiryTable.ttlAttribute,\n',
        "      timeToLiveAttribute: enquiryTable.ttlAttribute,\n      replicas: [{ region: 'eu-west-1' }],\n",
      ],
    ],
    names:
      /^FAIL {2}Replica of ElevateDigital-Data\/EnquiriesTable\w+ in "eu-west-1": every enquiry is copied to another region/m,
  },
  {
    name: 'a 14-day failure queue of a new function',
    changes: addToSiteStack(
      "import { CfnEventInvokeConfig, CfnFunction } from 'aws-cdk-lib/aws-lambda'\nimport { Queue } from 'aws-cdk-lib/aws-sqs'",
      `    const exporter = ${lambdaFunction('Exporter')}\n    const exportFailures = new Queue(this, 'ExportFailures', { retentionPeriod: Duration.days(14), enforceSSL: true })\n    new CfnEventInvokeConfig(this, 'ExporterInvoke', { functionName: exporter.ref, qualifier: '$LATEST', destinationConfig: { onFailure: { destination: exportFailures.queueArn } } })`,
    ),
    names:
      /^FAIL {2}SQS queue ElevateDigital\/ExportFailures\w+ \(failed events\): whole events that failed in: ElevateDigital\/Exporter: deleted after 14 days \(limit 14 days\); no line of the policy covers/m,
  },
  {
    name: 'the table stream mapped to a function whose failed batches go to an SNS topic',
    changes: addToSiteStack(
      "import { CfnEventSourceMapping } from 'aws-cdk-lib/aws-lambda'",
      "    new CfnEventSourceMapping(this, 'Notify', { functionName: this.contactApi.contactFunction.functionName, eventSourceArn: props.data.tableStreamArn, startingPosition: 'LATEST', destinationConfig: { onFailure: { destination: this.notifications.opsTopic.topicArn } } })",
    ),
    names:
      /^FAIL {2}Failure destination of the mapping ElevateDigital\/Notify to .* → ElevateDigital\/NotificationsOpsTopic\w+: its failed batches .* go to AWS::SNS::Topic/m,
  },
]

/** Each audited on the production stage: every copy shows there, and each stage costs a synthesis. */
export const copyEdits: readonly Edit[] = edits.map((edit) => ({
  ...edit,
  args: ['-c', 'stage=prod'],
}))
