import { addToDataStack, addToSiteStack, type Edit } from './retention-edits.ts'

/**
 * Edits the retention audit must refuse because it denies by default: archives, streams,
 * replicas, copies sent elsewhere, and kinds of resource no rule reads. Each is made to a scratch
 * copy of the code (retention-edits.ts), never to this checkout.
 */
export const denyByDefaultEdits: readonly Edit[] = [
  {
    name: 'an SNS FIFO topic archiving messages for 365 days',
    changes: addToSiteStack(
      "import { Topic } from 'aws-cdk-lib/aws-sns'",
      "    new Topic(this, 'Archived', { fifo: true, messageRetentionPeriodInDays: 365 })",
    ),
    names:
      /^FAIL {2}SNS topic ElevateDigital\/Archived\w+ \(archive\): archives every message .* for 365 days/m,
  },
  {
    name: 'an EventBridge archive kept for ever',
    changes: addToSiteStack(
      "import { Archive, EventBus } from 'aws-cdk-lib/aws-events'",
      "    new Archive(this, 'SesEvents', { sourceEventBus: EventBus.fromEventBusName(this, 'DefaultBus', 'default'), eventPattern: { source: ['aws.ses'] } })",
    ),
    names:
      /^FAIL {2}EventBridge archive ElevateDigital\/SesEvents\w+: keeps the events it matches for ever/m,
  },
  {
    name: 'an ElastiCache replication group',
    changes: addToSiteStack(
      "import { CfnReplicationGroup } from 'aws-cdk-lib/aws-elasticache'",
      "    new CfnReplicationGroup(this, 'Sessions', { replicationGroupDescription: 'visitor sessions', engine: 'valkey', cacheNodeType: 'cache.t4g.micro', numCacheClusters: 2 })",
    ),
    names:
      /^FAIL {2}AWS::ElastiCache::ReplicationGroup ElevateDigital\/Sessions: a data store the retention policy does not cover/m,
  },
  {
    name: 'an S3 Express directory bucket without a lifecycle',
    changes: addToDataStack(
      "import { CfnDirectoryBucket } from 'aws-cdk-lib/aws-s3express'",
      "    new CfnDirectoryBucket(this, 'Uploads', { dataRedundancy: 'SingleAvailabilityZone', locationName: 'euw2-az1' })",
    ),
    names:
      /^FAIL {2}S3 directory bucket ElevateDigital-Data\/Uploads: .*no lifecycle rule: objects kept for ever/m,
  },
  {
    name: 'SES events topic logging each delivery',
    changes: addToSiteStack(
      "import { LoggingProtocol, Topic } from 'aws-cdk-lib/aws-sns'",
      "    new Topic(this, 'Logged', { loggingConfigs: [{ protocol: LoggingProtocol.LAMBDA, successFeedbackSampleRate: 100 }] })",
    ),
    names:
      /^FAIL {2}SNS topic ElevateDigital\/Logged\w+ \(delivery status logs\): .*kept for ever/m,
  },
  {
    name: 'function logs copied to another account by a subscription filter',
    changes: addToSiteStack(
      "import { CfnSubscriptionFilter } from 'aws-cdk-lib/aws-logs'",
      "    new CfnSubscriptionFilter(this, 'Siem', { logGroupName: '/aws/lambda/contact', filterPattern: '', destinationArn: 'arn:aws:logs:eu-west-2:210987654321:destination:siem' })",
    ),
    names: /^FAIL {2}Log subscription ElevateDigital\/Siem: copies the events of log group/m,
  },
  {
    name: 'the access-log bucket replicated to a bucket outside the stacks',
    changes: addToDataStack(
      '',
      "    ;(this.storage.logBucket.node.defaultChild as any).addPropertyOverride('ReplicationConfiguration', { Role: 'arn:aws:iam::123456789012:role/replication', Rules: [{ Status: 'Enabled', Destination: { Bucket: 'arn:aws:s3:::logs-archive-elsewhere' } }] })",
    ),
    names:
      /^FAIL {2}S3 bucket ElevateDigital-Data\/SiteLogBucket\w+ \(replication\): objects are copied to .*logs-archive-elsewhere.*, a bucket outside these stacks/m,
  },
  {
    name: 'the access-log bucket under an Object Lock of one year',
    changes: addToDataStack(
      '',
      "    ;(this.storage.logBucket.node.defaultChild as any).addPropertyOverride('ObjectLockConfiguration', { ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Years: 1 } } })",
    ),
    names:
      /^FAIL {2}S3 bucket ElevateDigital-Data\/SiteLogBucket\w+ \(Object Lock\): COMPLIANCE retention of 365 days/m,
  },
  {
    name: 'every enquiry e-mail archived by SES Mail Manager',
    changes: addToSiteStack(
      "import { CfnMailManagerArchive } from 'aws-cdk-lib/aws-ses'",
      "    const mailArchive = new CfnMailManagerArchive(this, 'MailArchive', { retention: { retentionPeriod: 'THREE_YEARS' } })\n    ;(this.deliveryEvents.configurationSet.node.defaultChild as any).addPropertyOverride('ArchivingOptions', { ArchiveArn: mailArchive.attrArchiveArn })",
    ),
    names:
      /^FAIL {2}SES configuration set ElevateDigital\/DeliveryEvents\w+: archives every e-mail sent through it/m,
  },
  {
    name: 'an AWS Backup vault locked for a year',
    changes: addToDataStack(
      "import { BackupVault } from 'aws-cdk-lib/aws-backup'",
      "    new BackupVault(this, 'Vault', { lockConfiguration: { minRetention: Duration.days(365) } })",
    ),
    names:
      /^FAIL {2}AWS Backup vault ElevateDigital-Data\/Vault\w+: vault lock keeps every recovery point at least 365 days \(limit 35 days\)/m,
  },
  {
    name: 'a Cognito user pool (a kind of resource no rule knows)',
    changes: addToDataStack(
      "import { UserPool } from 'aws-cdk-lib/aws-cognito'",
      "    new UserPool(this, 'Clients')",
    ),
    names:
      /^FAIL {2}AWS::Cognito::UserPool ElevateDigital-Data\/Clients\w+: unexplained: a resource type the retention audit has no rule for/m,
  },
  {
    name: 'a CloudFront key value store (a kind of resource no rule knows)',
    changes: addToSiteStack(
      "import { KeyValueStore } from 'aws-cdk-lib/aws-cloudfront'",
      "    new KeyValueStore(this, 'Redirects')",
    ),
    names: /^FAIL {2}AWS::CloudFront::KeyValueStore ElevateDigital\/Redirects\w+: unexplained/m,
  },
  {
    name: 'a deploy-time call writing an object to S3',
    changes: addToSiteStack(
      "import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources'",
      "    new AwsCustomResource(this, 'Seed', { onCreate: { service: 'S3', action: 'putObject', parameters: { Bucket: 'seed-bucket', Key: 'seed.json', Body: '{}' }, physicalResourceId: PhysicalResourceId.of('seed') }, policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: AwsCustomResourcePolicy.ANY_RESOURCE }), installLatestAwsSdk: false })",
    ),
    names:
      /^FAIL {2}Custom resource ElevateDigital\/Seed\w+: deploy-time calls the audit does not know/m,
  },
  {
    name: 'an EventBridge pipe from the table’s stream (a kind of resource no rule knows)',
    changes: addToSiteStack(
      "import { CfnPipe } from 'aws-cdk-lib/aws-pipes'",
      "    new CfnPipe(this, 'Copy', { roleArn: 'arn:aws:iam::123456789012:role/pipe', source: 'arn:aws:dynamodb:eu-west-2:123456789012:table/t/stream/2026-01-01T00:00:00.000', target: 'arn:aws:events:eu-west-2:123456789012:event-bus/default' })",
    ),
    names: /^FAIL {2}AWS::Pipes::Pipe ElevateDigital\/Copy: unexplained/m,
  },
  {
    name: 'SES events also delivered to an HTTPS endpoint',
    changes: addToSiteStack(
      "import { UrlSubscription } from 'aws-cdk-lib/aws-sns-subscriptions'",
      "    this.deliveryEvents.topic.addSubscription(new UrlSubscription('https://hooks.example.com/ses'))",
    ),
    names:
      /^FAIL {2}SNS subscription ElevateDigital\/DeliveryEvents\w+: delivers every message \(https\) where this audit does not follow/m,
  },
  {
    name: 'every change of the enquiries table streamed to Kinesis',
    changes: [
      [
        'infra/constructs/enquiries-table.ts',
        '      timeToLiveAttribute: enquiryTable.ttlAttribute,\n',
        "      timeToLiveAttribute: enquiryTable.ttlAttribute,\n      kinesisStream: new Stream(this, 'Changes'),\n",
      ],
      [
        'infra/constructs/enquiries-table.ts',
        "import { Construct } from 'constructs'",
        "import { Construct } from 'constructs'\nimport { Stream } from 'aws-cdk-lib/aws-kinesis'",
      ],
    ],
    names:
      /^FAIL {2}Kinesis streaming of ElevateDigital-Data\/EnquiriesTable\w+: every change of every enquiry is copied/m,
  },
]
