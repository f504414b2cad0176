import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib'
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'

export interface SiteStorageProps {
  /**
   * How long CloudFront and S3 access logs (which hold visitors' IP addresses) are kept.
   * @default Duration.days(90)
   */
  readonly accessLogRetention?: Duration
  /**
   * How long a file a deploy replaced or removed stays restorable in the site bucket.
   * @default Duration.days(30)
   */
  readonly oldVersionRetention?: Duration
}

/**
 * The website's buckets: the built pages (versioned, so a deploy can be rolled back) and the
 * access logs. Retained once created (a failed first create of the stack deletes them, so a
 * retry leaves no orphans: RetainExceptOnCreate), and kept in the stateful stack; the
 * distribution that reads the site bucket, and so the bucket's policy that names it, are in the
 * site stack (StaticSite).
 */
export class SiteStorage extends Construct {
  readonly bucket: Bucket
  readonly logBucket: Bucket

  constructor(scope: Construct, id: string, props: SiteStorageProps = {}) {
    super(scope, id)
    this.logBucket = new Bucket(this, 'LogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logs are delivered with an ACL grant, so ACLs must stay enabled.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        {
          id: 'expire-access-logs',
          expiration: props.accessLogRetention ?? Duration.days(90),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    })

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      // SSL only, in the bucket policy the site stack writes beside the distribution it names:
      // a bucket has one policy, and the one naming the distribution cannot live here (the
      // distribution depends on this stack, not the other way round).
      enforceSSL: false,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/',
      // A deploy replaces and prunes files; the versions it replaced stay restorable a while
      // (docs/deploy.md, rolling back), then expire, so the bucket does not grow for ever.
      versioned: true,
      lifecycleRules: [
        {
          id: 'expire-old-site-versions',
          noncurrentVersionExpiration: props.oldVersionRetention ?? Duration.days(30),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        { id: 'remove-expired-delete-markers', expiredObjectDeleteMarker: true },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    })
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S10',
      reason:
        "The bucket's policy, which denies every request without SSL, is in the site stack beside " +
        'the distribution it lets read the bucket (StaticSite); a test checks the denial is there.',
    })
  }
}
