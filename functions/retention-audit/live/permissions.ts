import { projectedAttributes } from './stored-data.ts'

/**
 * Every IAM action the live check calls, by what it reads: the one list the monthly function's
 * role and the auditor's policy are written from (infra/constructs/retention-evidence.ts), and
 * that a test holds equal to the calls the check makes against a mocked account.
 */
export const liveCheckActions = {
  /** The stage's stacks, on their stack ARNs. */
  stacks: [
    'cloudformation:DescribeStacks',
    'cloudformation:GetTemplate',
    'cloudformation:ListStackResources',
    'cloudformation:DetectStackDrift',
    'cloudformation:DescribeStackResourceDrifts',
  ],
  /** Drift detection's status, which takes no resource. */
  driftStatus: ['cloudformation:DescribeStackDriftDetectionStatus'],
  /** The tables' configuration, on their ARNs. */
  table: [
    'dynamodb:DescribeTimeToLive',
    'dynamodb:DescribeContinuousBackups',
    'dynamodb:DescribeTable',
    'dynamodb:DescribeKinesisStreamingDestination',
  ],
  /** Backups of the tables, which takes no resource. */
  backups: ['dynamodb:ListBackups'],
  /** The items' timestamps only: granted with a condition on `projectedAttributes`. */
  scan: ['dynamodb:Scan'],
  metrics: ['cloudwatch:GetMetricStatistics'],
  logs: ['logs:DescribeLogGroups'],
  functions: ['lambda:GetFunctionConfiguration'],
  api: ['apigateway:GET'],
  buckets: [
    's3:GetLifecycleConfiguration',
    's3:GetBucketVersioning',
    's3:GetBucketObjectLockConfiguration',
    's3:GetReplicationConfiguration',
  ],
  queues: ['sqs:GetQueueAttributes'],
} as const

/** The attributes a scan may return: the timestamps, the synthetic mark, and the key (IAM requires it). */
export const scannableAttributes = ['id', ...projectedAttributes] as const

/**
 * What CloudFormation's drift detection reads of each resource of the stacks, with the caller's
 * rights: configuration only. Never an item, an object, a message or a secret's value
 * (no dynamodb:GetItem, s3:GetObject, sqs:ReceiveMessage, secretsmanager:GetSecretValue).
 */
export const driftReadActions = [
  'acm:DescribeCertificate',
  'acm:ListTagsForCertificate',
  'apigateway:GET',
  'cloudfront:DescribeFunction',
  'cloudfront:GetCachePolicy',
  'cloudfront:GetDistribution',
  'cloudfront:GetDistributionConfig',
  'cloudfront:GetFunction',
  'cloudfront:GetOriginAccessControl',
  'cloudfront:GetOriginRequestPolicy',
  'cloudfront:GetResponseHeadersPolicy',
  'cloudfront:ListTagsForResource',
  'cloudwatch:DescribeAlarms',
  'cloudwatch:GetDashboard',
  'cloudwatch:ListTagsForResource',
  'dynamodb:DescribeContinuousBackups',
  'dynamodb:DescribeContributorInsights',
  'dynamodb:DescribeKinesisStreamingDestination',
  'dynamodb:DescribeTable',
  'dynamodb:DescribeTimeToLive',
  'dynamodb:GetResourcePolicy',
  'dynamodb:ListTagsOfResource',
  'events:DescribeRule',
  'events:ListTargetsByRule',
  'iam:GetPolicy',
  'iam:GetPolicyVersion',
  'iam:GetRole',
  'iam:GetRolePolicy',
  'iam:ListAttachedRolePolicies',
  'iam:ListPolicyVersions',
  'iam:ListRolePolicies',
  'iam:ListRoleTags',
  'kms:DescribeKey',
  'kms:GetKeyPolicy',
  'kms:GetKeyRotationStatus',
  'kms:ListResourceTags',
  'lambda:GetEventSourceMapping',
  'lambda:GetFunction',
  'lambda:GetFunctionCodeSigningConfig',
  'lambda:GetFunctionEventInvokeConfig',
  'lambda:GetFunctionRecursionConfig',
  'lambda:GetPolicy',
  'lambda:GetRuntimeManagementConfig',
  'lambda:ListTags',
  'logs:DescribeLogGroups',
  'logs:ListTagsForResource',
  'route53:GetHostedZone',
  'route53:ListResourceRecordSets',
  's3:GetBucketLogging',
  's3:GetBucketOwnershipControls',
  's3:GetBucketPolicy',
  's3:GetBucketPublicAccessBlock',
  's3:GetBucketTagging',
  's3:GetBucketVersioning',
  's3:GetEncryptionConfiguration',
  's3:GetLifecycleConfiguration',
  's3:GetBucketObjectLockConfiguration',
  's3:GetReplicationConfiguration',
  'secretsmanager:DescribeSecret',
  'secretsmanager:GetResourcePolicy',
  'ses:GetConfigurationSet',
  'ses:GetConfigurationSetEventDestinations',
  'ses:GetEmailIdentity',
  'ses:ListTagsForResource',
  'sns:GetSubscriptionAttributes',
  'sns:GetTopicAttributes',
  'sns:ListTagsForResource',
  'sqs:GetQueueAttributes',
  'sqs:ListQueueTags',
  'ssm:GetParameters',
  'ssm:ListTagsForResource',
  'wafv2:GetLoggingConfiguration',
  'wafv2:GetWebACL',
  'wafv2:ListTagsForResource',
] as const
