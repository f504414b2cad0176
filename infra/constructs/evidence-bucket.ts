import { Duration, RemovalPolicy } from 'aws-cdk-lib'
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'
import { DEFAULT_EVIDENCE_RETENTION_YEARS } from '../settings/evidence-settings.ts'

export interface EvidenceBucketProps {
  /**
   * Years each report is kept under Object Lock in compliance mode.
   * @default DEFAULT_EVIDENCE_RETENTION_YEARS, 6
   */
  readonly retentionYears?: number
  /** Where S3 writes the bucket's access logs (the stage's access-log bucket). */
  readonly accessLogs: IBucket
}

/**
 * Where the monthly retention reports are kept (no personal data: dates, counts, resource
 * names): S3 Object Lock in compliance mode, so nobody, the account's root included, can change
 * or delete a report before its years are over, and nothing can shorten them. After that a
 * lifecycle rule removes it. State: in the data stack, retained like the table.
 */
export class EvidenceBucket extends Construct {
  readonly bucket: Bucket

  constructor(scope: Construct, id: string, props: EvidenceBucketProps) {
    super(scope, id)
    const years = props.retentionYears ?? DEFAULT_EVIDENCE_RETENTION_YEARS
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'evidence/',
      // Object Lock needs versioning; a locked version outlives any delete marker.
      versioned: true,
      objectLockEnabled: true,
      lifecycleRules: [
        {
          id: 'expire-reports-after-their-lock',
          // A year's 366th day, each year, is covered.
          expiration: Duration.days(years * 366 + 1),
          noncurrentVersionExpiration: Duration.days(1),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    })
    // In years, as an auditor states it (the CDK would write days, and lose the leap days).
    ;(this.bucket.node.defaultChild as CfnBucket).objectLockConfiguration = {
      objectLockEnabled: 'Enabled',
      rule: { defaultRetention: { mode: 'COMPLIANCE', years } },
    }
  }
}
