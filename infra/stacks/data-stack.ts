import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib'
import { PublicHostedZone } from 'aws-cdk-lib/aws-route53'
import type { Construct } from 'constructs'
import { EmailIdentities, type IdentityChoice } from '../constructs/email-identities.ts'
import { EnquiriesTable } from '../constructs/enquiries-table.ts'
import { EvidenceBucket } from '../constructs/evidence-bucket.ts'
import { SiteStorage } from '../constructs/site-storage.ts'
import { retention } from '../retention.ts'

export interface DataStackProps extends StackProps, IdentityChoice {
  /**
   * The Route 53 zone of the site's domain: a domain sender identity in it gets its DKIM, MAIL
   * FROM and DMARC records written there.
   * @default - none
   */
  readonly hostedZone?: { readonly hostedZoneId: string; readonly zoneName: string }
  /**
   * The sender domain's DMARC record.
   * @default - none
   */
  readonly dmarc?: string
  /**
   * The MAIL FROM host's label under the sender's domain.
   * @default MAIL_FROM_SUBDOMAIN ('mail')
   */
  readonly mailFromSubdomain?: string
  /**
   * Years each monthly retention report is kept under Object Lock (compliance mode).
   * @default - EvidenceBucket's default, 6
   */
  readonly evidenceRetentionYears?: number
}

/**
 * What a stage must not lose: the enquiries, the site's files and access logs, and the verified
 * SES identities. Kept apart from everything that can be rebuilt, and protected from deletion
 * (termination protection, retained table and buckets, the table's deletion protection).
 *
 * Construct ids are those the resources had in the single stack of earlier releases, so the
 * table's and buckets' logical ids are unchanged and `cdk import` adopts them as they are
 * (docs/deploy.md, moving an existing deployment).
 */
export class DataStack extends Stack {
  readonly enquiries: EnquiriesTable
  readonly storage: SiteStorage
  readonly identities: EmailIdentities
  /** The monthly retention reports, locked. */
  readonly evidence: EvidenceBucket

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, { terminationProtection: true, ...props })
    this.enquiries = new EnquiriesTable(this, 'Enquiries', {
      pointInTimeRecoveryDays: retention.pointInTimeRecoveryDays,
    })
    this.storage = new SiteStorage(this, 'Site', {
      accessLogRetention: Duration.days(retention.accessLogDays),
    })
    this.evidence = new EvidenceBucket(this, 'Evidence', {
      retentionYears: props.evidenceRetentionYears,
      accessLogs: this.storage.logBucket,
    })
    this.identities = new EmailIdentities(this, 'Notifications', {
      senderEmail: props.senderEmail,
      senderIdentity: props.senderIdentity,
      agencyEmail: props.agencyEmail,
      recipientIdentity: props.recipientIdentity,
      dmarc: props.dmarc,
      mailFromSubdomain: props.mailFromSubdomain,
      hostedZone:
        props.hostedZone &&
        PublicHostedZone.fromPublicHostedZoneAttributes(this, 'Zone', props.hostedZone),
    })

    new CfnOutput(this, 'EnquiriesTableName', {
      description: 'For data-subject requests and ops (npm run dsar -- --table NAME)',
      value: this.enquiries.table.tableName,
    })
    new CfnOutput(this, 'EvidenceBucketName', {
      description: 'The monthly retention reports, under Object Lock (docs/operations.md)',
      value: this.evidence.bucket.bucketName,
    })
    new CfnOutput(this, 'SiteBucketName', {
      description: 'The built site; earlier versions of each file are kept 30 days (rolling back)',
      value: this.storage.bucket.bucketName,
    })
  }
}
