import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib'
import { Certificate, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager'
import { PublicHostedZone } from 'aws-cdk-lib/aws-route53'
import type { Construct } from 'constructs'
import { Alarms } from '../constructs/alarms.ts'
import { AttentionDigest } from '../constructs/attention-digest.ts'
import { ContactApi } from '../constructs/contact-api.ts'
import { DeliveryEvents } from '../constructs/delivery-events.ts'
import { EnquiriesTable } from '../constructs/enquiries-table.ts'
import { HealthMonitoring } from '../constructs/health-monitoring.ts'
import { Notifications } from '../constructs/notifications.ts'
import { StaticSite } from '../constructs/static-site.ts'
import { retention } from '../retention.ts'

export interface SiteStackProps extends StackProps {
  /** The built site (`dist/client`). */
  readonly siteDirectory: string
  /** Whether a Google Analytics id is configured (widens the CSP). */
  readonly analytics: boolean
  /**
   * Which copy of the product this is (e.g. `prod`, `staging`): the functions' metrics carry it.
   * @default 'prod'
   */
  readonly stage?: string
  /** From address of enquiry e-mails. */
  readonly senderEmail: string
  /**
   * How the sender is an SES identity (see Notifications).
   * @default 'address'
   */
  readonly senderIdentity?: 'address' | 'domain' | 'existing'
  /** The agency inbox enquiries are e-mailed to. */
  readonly agencyEmail: string
  /**
   * The inbox's own SES identity, when the sender's does not cover it (the SES sandbox).
   * @default - none
   */
  readonly recipientIdentity?: 'create' | 'existing'
  /**
   * The sender domain's DMARC record.
   * @default - none
   */
  readonly dmarc?: string
  /**
   * An address subscribed to the ops alarm topic.
   * @default - none
   */
  readonly opsEmail?: string
  /**
   * A custom domain for the site.
   * @default - the distribution's `*.cloudfront.net` name only
   */
  readonly domain?: {
    readonly domainName: string
    /** A certificate in us-east-1, either from the edge stack or an existing one by ARN. */
    readonly certificate: ICertificate | string
    /** @default - no DNS records are written */
    readonly hostedZone?: { readonly hostedZoneId: string; readonly zoneName: string }
  }
  /**
   * The contact API's throttle.
   * @default - ContactApi's default
   */
  readonly apiThrottle?: { readonly rateLimit: number; readonly burstLimit: number }
  /**
   * A WAF web ACL (scope CLOUDFRONT, in us-east-1) in front of the distribution.
   * @default - none
   */
  readonly webAclArn?: string
  /**
   * Where the Lambda sources are.
   * @default - the repository's `functions/`
   */
  readonly functionsDirectory?: string
  /**
   * When the digest of enquiries nobody has seen goes to the agency (an EventBridge schedule).
   * @default - AttentionDigest's default, daily
   */
  readonly digestSchedule?: string
}

/** The whole product in one region: composes the constructs, holds no resources of its own. */
export class SiteStack extends Stack {
  readonly site: StaticSite
  readonly contactApi: ContactApi
  readonly enquiries: EnquiriesTable
  readonly notifications: Notifications
  readonly alarms: Alarms
  readonly deliveryEvents: DeliveryEvents
  readonly digest: AttentionDigest
  readonly monitoring: HealthMonitoring

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props)
    const domain = props.domain
    const hostedZone =
      domain?.hostedZone &&
      PublicHostedZone.fromPublicHostedZoneAttributes(this, 'Zone', domain.hostedZone)

    this.enquiries = new EnquiriesTable(this, 'Enquiries', {
      pointInTimeRecoveryDays: retention.pointInTimeRecoveryDays,
    })
    this.notifications = new Notifications(this, 'Notifications', {
      senderEmail: props.senderEmail,
      senderIdentity: props.senderIdentity,
      hostedZone,
      recipient: props.recipientIdentity && {
        email: props.agencyEmail,
        identity: props.recipientIdentity,
      },
      dmarc: props.dmarc,
      opsEmail: props.opsEmail,
    })
    this.contactApi = new ContactApi(this, 'ContactApi', {
      table: this.enquiries.table,
      senderIdentity: this.notifications.senderIdentity,
      senderEmail: props.senderEmail,
      agencyEmail: props.agencyEmail,
      functionsDirectory: props.functionsDirectory,
      logRetention: retention.logs,
      throttle: props.apiThrottle,
      stage: props.stage,
    })
    this.digest = new AttentionDigest(this, 'Digest', {
      table: this.enquiries.table,
      senderEmail: props.senderEmail,
      agencyEmail: props.agencyEmail,
      schedule: props.digestSchedule,
      stage: props.stage,
      functionsDirectory: props.functionsDirectory,
      logRetention: retention.logs,
    })
    const senders = {
      Contact: this.contactApi.contactFunction,
      NotificationRetry: this.contactApi.retryFunction,
      Digest: this.digest.function,
    }
    for (const fn of Object.values(senders)) this.notifications.grantSendEmail(fn)
    this.deliveryEvents = new DeliveryEvents(this, 'DeliveryEvents', {
      table: this.enquiries.table,
      senderEmail: props.senderEmail,
      agencyEmail: props.agencyEmail,
      opsTopic: this.notifications.opsTopic,
      stage: props.stage ?? 'prod',
      functionsDirectory: props.functionsDirectory,
      logRetention: retention.logs,
      failedEventRetention: Duration.days(retention.failedEventDays),
    })
    for (const fn of Object.values(senders)) this.deliveryEvents.trackSendsOf(fn)
    this.site = new StaticSite(this, 'Site', {
      siteDirectory: props.siteDirectory,
      analytics: props.analytics,
      apiOrigin: this.contactApi.origin,
      accessLogRetention: Duration.days(retention.accessLogDays),
      webAclArn: props.webAclArn,
      domain: domain && {
        domainNames: [domain.domainName],
        certificate:
          typeof domain.certificate === 'string'
            ? Certificate.fromCertificateArn(this, 'Certificate', domain.certificate)
            : domain.certificate,
        hostedZone,
      },
    })
    this.alarms = new Alarms(this, 'Alarms', {
      topic: this.notifications.opsTopic,
      functions: senders,
      httpApi: this.contactApi.httpApi,
      emailGaveUpMetric: this.contactApi.emailGaveUpMetric,
      backlogAgeMetric: this.contactApi.backlogAgeMetric,
    })

    this.monitoring = new HealthMonitoring(this, 'Monitoring', {
      topic: this.notifications.opsTopic,
      stage: props.stage ?? 'prod',
      functions: senders,
      schedules: {
        NotificationRetry: this.contactApi.retrySchedule,
        Digest: this.digest.schedule,
      },
      httpApi: this.contactApi.httpApi,
    })

    new CfnOutput(this, 'SiteUrl', {
      description: 'The website',
      value: `https://${domain?.domainName ?? this.site.distribution.distributionDomainName}`,
    })
    new CfnOutput(this, 'DistributionDomainName', {
      description: 'Point a custom domain (CNAME/alias) here if Route 53 does not host it',
      value: this.site.distribution.distributionDomainName,
    })
    new CfnOutput(this, 'EnquiriesTableName', {
      description: 'For data-subject requests (npm run dsar -- --table NAME)',
      value: this.enquiries.table.tableName,
    })
    new CfnOutput(this, 'OpsTopicArn', {
      description: 'Subscribe ops here for alarms',
      value: this.notifications.opsTopic.topicArn,
    })
  }
}
