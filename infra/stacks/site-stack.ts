import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Duration, Stack, type StackProps } from 'aws-cdk-lib'
import { Certificate, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager'
import { TableV2 } from 'aws-cdk-lib/aws-dynamodb'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { PublicHostedZone } from 'aws-cdk-lib/aws-route53'
import { Bucket } from 'aws-cdk-lib/aws-s3'
import type { Construct } from 'constructs'
import { answerShell } from '#shared/answer-shell.ts'
import { AnswerPromise } from '../constructs/answer-promise.ts'
import { AttentionDigest } from '../constructs/attention-digest.ts'
import { Canary } from '../constructs/canary.ts'
import { ContactApi } from '../constructs/contact-api.ts'
import { DeliveryEvents } from '../constructs/delivery-events.ts'
import { EnquirySender } from '../constructs/enquiry-sender.ts'
import { Notifications } from '../constructs/notifications.ts'
import { ParameterInRegion } from '../constructs/parameter-in-region.ts'
import { PipelineAlarms } from '../constructs/pipeline-alarms.ts'
import { PipelineDashboard } from '../constructs/pipeline-dashboard.ts'
import type { PipelineFunctionProps } from '../constructs/pipeline-function-props.ts'
import { RetentionEvidence } from '../constructs/retention-evidence.ts'
import { enquiryMailScope } from '../constructs/ses-send-grant.ts'
import { SiteCertificate } from '../constructs/site-certificate.ts'
import { StaticSite } from '../constructs/static-site.ts'
import { retention } from '../retention.ts'
import type { StackPlace } from '../stack-names.ts'
import { addSiteOutputs } from './site-outputs.ts'

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
  /**
   * The stage's stateful resources (the data stack's, or during the one-time move of an existing
   * deployment, the names read from it), by name.
   */
  readonly data: {
    readonly tableName: string
    /**
     * The table's stream, which starts the enquiry sender.
     * @default - none: no sender; the retry alone e-mails enquiries, a minute after they arrive
     */
    readonly tableStreamArn?: string
    readonly siteBucketName: string
    readonly logBucketName: string
    /**
     * The Object Lock bucket the monthly retention reports go to.
     * @default - none: no monthly evidence (a deployment's data being moved in)
     */
    readonly evidenceBucketName?: string
  }
  /**
   * The monthly retention evidence: who receives it, and the stage's stacks it checks.
   * @default - none
   */
  readonly evidence?: {
    readonly auditEmail: string
    readonly stacks: readonly StackPlace[]
  }
  /** From address of enquiry e-mails. */
  readonly senderEmail: string
  /** The agency inbox enquiries are e-mailed to. */
  readonly agencyEmail: string
  /** The SES identities (addresses or domains) the functions may send as. */
  readonly sendingAs: string[]
  /**
   * An address subscribed to the ops alarm topic.
   * @default - none
   */
  readonly opsEmail?: string
  /**
   * A custom domain for the site, and the contact API's own.
   * @default - the distribution's `*.cloudfront.net` name only, and the API's execute-api one
   */
  readonly domain?: {
    readonly domainName: string
    /** A certificate in us-east-1, either from the edge stack or an existing one by ARN. */
    readonly certificate: ICertificate | string
    /** @default - no DNS records are written */
    readonly hostedZone?: { readonly hostedZoneId: string; readonly zoneName: string }
    /** The API's custom domain; its certificate is issued in the hosted zone when none is given. */
    readonly api: { readonly domainName: string; readonly certificateArn?: string }
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
  /** Where the distribution's id is published for the CloudFront alarms (us-east-1). */
  readonly distributionIdParameter: { readonly name: string; readonly region: string }
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
  /**
   * How often the canary sends a synthetic enquiry through the public site.
   * @default - Canary's default, hourly
   */
  readonly canaryInterval?: Duration
  /**
   * How many days the digest lists an enquiry in full.
   * @default - AttentionDigest's default, 14
   */
  readonly digestListDays?: number
  /**
   * A second address that also gets the digest when the agency inbox itself refused mail.
   * @default - none
   */
  readonly digestCopyTo?: string
  /**
   * The 24-hour promise: where staff read times, when the reminder lists an unanswered enquiry,
   * who gets the weekly summary, and the subdomain SES receives staff replies on.
   * @default - AnswerWatch's defaults; no reply detection
   */
  readonly answers?: {
    readonly agencyTimeZone?: string
    readonly reminderAfterHours?: number
    readonly weeklySummaryTo?: string
    /** Needs the domain's hosted zone, for its MX record. */
    readonly replyDomain?: string
  }
}

/**
 * Everything of a stage that can be rebuilt, in its region: the website, the contact pipeline and
 * their alarms. Composes the constructs, holds no resources of its own; the state it uses (table,
 * buckets, SES identities) is the data stack's.
 */
export class SiteStack extends Stack {
  readonly site: StaticSite
  readonly contactApi: ContactApi
  readonly notifications: Notifications
  readonly alarms: PipelineAlarms
  readonly deliveryEvents: DeliveryEvents
  readonly digest: AttentionDigest
  readonly dashboard: PipelineDashboard
  readonly canary: Canary
  /** Started by the table's stream; absent when no stream is given (a table being moved in). */
  readonly sender: EnquirySender | undefined
  /** The monthly retention check and its auditor's role; absent while data is moved in. */
  readonly evidence: RetentionEvidence | undefined
  /** The reminder, the weekly summary and (where the stage has it) reply detection. */
  readonly answers: AnswerPromise

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props)
    const domain = props.domain
    const hostedZone =
      domain?.hostedZone &&
      PublicHostedZone.fromPublicHostedZoneAttributes(this, 'Zone', domain.hostedZone)
    const table = TableV2.fromTableAttributes(this, 'Enquiries', {
      tableName: props.data.tableName,
      ...(props.data.tableStreamArn && { tableStreamArn: props.data.tableStreamArn }),
    })
    const stage = props.stage ?? 'prod'

    this.notifications = new Notifications(this, 'Notifications', {
      sendingAs: props.sendingAs,
      sendScope: enquiryMailScope(props.senderEmail, props.agencyEmail),
      opsEmail: props.opsEmail,
    })
    // What every construct of the enquiry pipeline that runs a function is given alike.
    const pipeline: PipelineFunctionProps = {
      table,
      senderEmail: props.senderEmail,
      agencyEmail: props.agencyEmail,
      opsTopic: this.notifications.opsTopic,
      stage,
      functionsDirectory: props.functionsDirectory,
      logRetention: retention.logs,
    }
    // The API's own domain: its certificate given, or issued in the zone (stage-settings.ts requires one).
    const apiCertificate =
      domain &&
      (domain.api.certificateArn
        ? Certificate.fromCertificateArn(this, 'ApiCertificate', domain.api.certificateArn)
        : hostedZone &&
          new SiteCertificate(this, 'ApiCertificate', {
            domainNames: [domain.api.domainName],
            hostedZone,
          }).certificate)
    if (domain && !apiCertificate) {
      throw new Error(`${domain.api.domainName} needs a certificate ARN or a hosted zone`)
    }
    this.contactApi = new ContactApi(this, 'ContactApi', {
      table,
      senderEmail: props.senderEmail,
      agencyEmail: props.agencyEmail,
      functionsDirectory: props.functionsDirectory,
      answerShellPage: answerShellPage(props.siteDirectory),
      logRetention: retention.logs,
      throttle: props.apiThrottle,
      stage,
      domain: apiCertificate && {
        domainName: domain.api.domainName,
        certificate: apiCertificate,
        hostedZone,
      },
    })
    // The site first: the digest's links open its own origin.
    this.site = new StaticSite(this, 'Site', {
      siteDirectory: props.siteDirectory,
      bucketName: props.data.siteBucketName,
      logBucketName: props.data.logBucketName,
      analytics: props.analytics,
      apiOrigin: this.contactApi.origin,
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
    const siteUrl = `https://${domain?.domainName ?? this.site.distribution.distributionDomainName}`
    this.digest = new AttentionDigest(this, 'Digest', {
      ...pipeline,
      schedule: props.digestSchedule,
      listDays: props.digestListDays,
      copyTo: props.digestCopyTo,
      actionLinks: { siteUrl, key: this.contactApi.actionLinkKey },
    })
    this.sender =
      props.data.tableStreamArn === undefined
        ? undefined
        : new EnquirySender(this, 'EnquirySender', pipeline)
    const answers = props.answers ?? {}
    this.answers = new AnswerPromise(this, 'Answers', {
      table,
      senderEmail: props.senderEmail,
      agencyEmail: props.agencyEmail,
      siteUrl,
      linkKey: this.contactApi.actionLinkKey,
      ...answers,
      ...(answers.replyDomain &&
        hostedZone && { replies: { domain: answers.replyDomain, hostedZone } }),
      staffFacing: [this.digest.function, this.contactApi.actionsFunction],
      enquirySenders: [
        this.contactApi.retryFunction,
        ...(this.sender ? [this.sender.function] : []),
      ],
      stage,
      functionsDirectory: props.functionsDirectory,
      logRetention: retention.logs,
    })

    // What sends e-mail. Not the contact function: it parses untrusted input from the internet,
    // so it holds no SES permission (it only stores; the table's stream starts the sender).
    const senders = {
      ...(this.sender && { EnquirySender: this.sender.function }),
      NotificationRetry: this.contactApi.retryFunction,
      Digest: this.digest.function,
      AnswerWatch: this.answers.watch.function,
    }
    const functions = {
      Contact: this.contactApi.contactFunction,
      ...senders,
      ...(this.answers.replies && { ReplyReceiving: this.answers.replies.function }),
    }
    // Each may send from the sender to the inbox (or the simulator); the digest also to the
    // second address it is copied to when the inbox itself refused mail, the answer watch to the
    // weekly summary's reader.
    const alsoTo = new Map<IFunction, string | undefined>([
      [this.digest.function, props.digestCopyTo],
      [this.answers.watch.function, props.answers?.weeklySummaryTo],
    ])
    const sendScopeOf = (fn: IFunction) => {
      const extra = alsoTo.get(fn)
      return enquiryMailScope(props.senderEmail, props.agencyEmail, extra ? [extra] : [])
    }
    for (const fn of Object.values(senders)) {
      this.notifications.grantSendEmail(fn, sendScopeOf(fn))
    }
    this.deliveryEvents = new DeliveryEvents(this, 'DeliveryEvents', {
      ...pipeline,
      failedEventRetention: Duration.days(retention.failedEventDays),
    })
    for (const fn of Object.values(senders)) this.deliveryEvents.trackSendsOf(fn, sendScopeOf(fn))
    new ParameterInRegion(this, 'DistributionIdParameter', {
      parameterName: props.distributionIdParameter.name,
      region: props.distributionIdParameter.region,
      value: this.site.distribution.distributionId,
      logRetention: retention.logs,
    })
    this.canary = new Canary(this, 'Canary', {
      siteUrl,
      table,
      key: this.contactApi.syntheticKey,
      topic: this.notifications.opsTopic,
      interval: props.canaryInterval,
      stage,
      functionsDirectory: props.functionsDirectory,
      logRetention: retention.logs,
    })
    this.evidence =
      props.evidence && props.data.evidenceBucketName
        ? new RetentionEvidence(this, 'RetentionEvidence', {
            stage,
            stacks: props.evidence.stacks,
            table,
            evidenceBucket: Bucket.fromBucketName(
              this,
              'EvidenceBucket',
              props.data.evidenceBucketName,
            ),
            bucketNames: [props.data.siteBucketName, props.data.logBucketName],
            senderEmail: props.senderEmail,
            auditEmail: props.evidence.auditEmail,
            sendingIdentityArns: this.notifications.sendingIdentityArns,
            opsTopic: this.notifications.opsTopic,
            functionsDirectory: props.functionsDirectory,
            logRetention: retention.logs,
          })
        : undefined
    // Construct ids older than the class names: they fix the alarms' logical ids, so keep them.
    this.alarms = new PipelineAlarms(this, 'Alarms', {
      topic: this.notifications.opsTopic,
      // A failing digest link leaves staff with an error page: ops hear of it too.
      functions: { ...functions, EnquiryActions: this.contactApi.actionsFunction },
      httpApi: this.contactApi.httpApi,
      emailGaveUpMetric: this.contactApi.emailGaveUpMetric,
      backlogAgeMetric: this.contactApi.backlogAgeMetric,
      emailedByRetryMetric: this.contactApi.emailedByRetryMetric,
      outcomeUnknownMetrics: [
        this.contactApi.retryOutcomeUnknownMetric,
        ...(this.sender ? [this.sender.outcomeUnknownMetric] : []),
      ],
    })

    this.dashboard = new PipelineDashboard(this, 'Monitoring', {
      topic: this.notifications.opsTopic,
      stage,
      functions,
      schedules: {
        NotificationRetry: this.contactApi.retrySchedule,
        Digest: this.digest.schedule,
        Reminder: this.answers.watch.reminderSchedule,
      },
      httpApi: this.contactApi.httpApi,
      canary: { failed: this.canary.failedMetric, alarm: this.canary.alarm },
    })

    addSiteOutputs(this, siteUrl, { executeApiEnabled: !domain })
  }
}

/**
 * The built page the contact function shows its no-JavaScript answers in. A site built by
 * `npm run build` always has it; a test's fixture site may not, and its answers then stand alone.
 */
function answerShellPage(siteDirectory: string): string | undefined {
  const page = join(siteDirectory, answerShell.page)
  return existsSync(page) ? page : undefined
}
