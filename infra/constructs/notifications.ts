import { CfnOutput, Stack } from 'aws-cdk-lib'
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam'
import { type IPublicHostedZone, TxtRecord } from 'aws-cdk-lib/aws-route53'
import { EmailIdentity, Identity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import { createOpsTopic } from './ops-topic.ts'

/** The custom MAIL FROM host under the sender's domain (SPF alignment for DMARC). */
export const MAIL_FROM_SUBDOMAIN = 'mail'

export interface NotificationsProps {
  /** The address enquiry e-mails are sent from (SES must verify it before it sends anything). */
  readonly senderEmail: string
  /**
   * How the sender is an SES identity: the single `address` (SES mails it a link to click), the
   * whole `domain` (Easy DKIM and a custom MAIL FROM host), or an `existing` identity of the
   * account and region (verified by hand, or created by another stage), which is only used.
   * @default 'address'
   */
  readonly senderIdentity?: 'address' | 'domain' | 'existing'
  /**
   * A Route 53 zone. When it is the sender's domain and the sender identity is `domain`, the DKIM,
   * MAIL FROM and DMARC records are written into it (no click on a link needed).
   * @default - the records a domain identity needs are stack outputs, to create by hand
   */
  readonly hostedZone?: IPublicHostedZone
  /**
   * The agency inbox, when the sender's identity does not cover it. In the SES sandbox (every new
   * account) SES sends only to verified identities and authorises `ses:SendEmail` against the
   * recipient's identity as well, so the inbox is made an identity too (`create`: SES mails it a
   * link) or an existing one is used (`existing`).
   * @default - the sender's identity covers the inbox
   */
  readonly recipient?: { readonly email: string; readonly identity: 'create' | 'existing' }
  /**
   * The sender domain's DMARC record, e.g. `v=DMARC1; p=quarantine; rua=mailto:…`.
   * @default - no DMARC record is written or suggested
   */
  readonly dmarc?: string
  /**
   * Where ops want alarm e-mails (the subscription must be confirmed from that inbox).
   * @default - no subscription; subscribe to the topic by other means
   */
  readonly opsEmail?: string
}

/** How the product talks to people: the SES identity enquiries are sent from, and the ops topic. */
export class Notifications extends Construct {
  readonly senderIdentity: IEmailIdentity
  /**
   * Every identity ARN SES may check when the functions send an enquiry: the sender's (address
   * and, for an existing one, its domain, since either may be the verified one) and the inbox's.
   */
  readonly sendingIdentityArns: string[]
  /** Alarms publish here. */
  readonly opsTopic: ITopic

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id)
    const senderDomain = domainOf(props.senderEmail)
    const zone = props.hostedZone
    const mode = props.senderIdentity ?? 'address'
    const identityArn = (name: string) =>
      Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: name })
    const mailFromDomain = `${MAIL_FROM_SUBDOMAIN}.${senderDomain}`
    const zoneIsSenderDomain = zone !== undefined && zone.zoneName.toLowerCase() === senderDomain

    if (mode === 'existing') {
      this.senderIdentity = EmailIdentity.fromEmailIdentityName(
        this,
        'SenderIdentity',
        props.senderEmail,
      )
      this.sendingIdentityArns = [identityArn(props.senderEmail), identityArn(senderDomain)]
    } else if (mode === 'domain') {
      const identity = new EmailIdentity(this, 'SenderIdentity', {
        identity:
          zone && zoneIsSenderDomain
            ? Identity.publicHostedZone(zone)
            : Identity.domain(senderDomain),
        // Mail then leaves from an address of the agency's own domain, so SPF aligns for DMARC.
        mailFromDomain,
      })
      this.senderIdentity = identity
      this.sendingIdentityArns = [identity.emailIdentityArn]
      if (zone && zoneIsSenderDomain) {
        if (props.dmarc) {
          new TxtRecord(this, 'DmarcRecord', {
            zone,
            recordName: `_dmarc.${senderDomain}`,
            values: [props.dmarc],
          })
        }
      } else {
        this.outputDnsRecords(identity, senderDomain, mailFromDomain, props.dmarc)
      }
    } else {
      const identity = new EmailIdentity(this, 'SenderIdentity', {
        identity: Identity.email(props.senderEmail),
      })
      this.senderIdentity = identity
      this.sendingIdentityArns = [identity.emailIdentityArn]
    }

    if (props.recipient) {
      const { email } = props.recipient
      if (props.recipient.identity === 'create') {
        const inbox = new EmailIdentity(this, 'RecipientIdentity', {
          identity: Identity.email(email),
        })
        this.sendingIdentityArns.push(inbox.emailIdentityArn)
      } else {
        this.sendingIdentityArns.push(identityArn(email), identityArn(domainOf(email)))
      }
    }

    this.opsTopic = createOpsTopic(this, { opsEmail: props.opsEmail })
  }

  /** Lets `grantee` send enquiry e-mails: as the sender, to the inbox, and nothing else. */
  grantSendEmail(grantee: IGrantable): Grant {
    return Grant.addToPrincipal({
      grantee,
      actions: ['ses:SendEmail'],
      resourceArns: this.sendingIdentityArns,
    })
  }

  /**
   * The records a domain identity needs when no hosted zone of that domain is managed here: the
   * agency's DNS host must publish them before SES verifies the domain and signs with DKIM.
   */
  private outputDnsRecords(
    identity: EmailIdentity,
    domain: string,
    mailFromDomain: string,
    dmarc: string | undefined,
  ) {
    const region = Stack.of(this).region
    const records: [id: string, description: string, value: string][] = [
      ...identity.dkimRecords.map((record, index): [string, string, string] => [
        `DkimRecord${index + 1}`,
        `DKIM record ${index + 1} of 3 to create at the DNS host of ${domain}`,
        `${record.name} CNAME ${record.value}`,
      ]),
      [
        'MailFromMxRecord',
        `Custom MAIL FROM (bounces) record to create at the DNS host of ${domain}`,
        `${mailFromDomain} MX 10 feedback-smtp.${region}.amazonses.com`,
      ],
      [
        'MailFromSpfRecord',
        `Custom MAIL FROM SPF record to create at the DNS host of ${domain}`,
        `${mailFromDomain} TXT "v=spf1 include:amazonses.com ~all"`,
      ],
      [
        'DmarcRecord',
        `DMARC record to create at the DNS host of ${domain} (start with p=none, then tighten)`,
        `_dmarc.${domain} TXT "${dmarc ?? 'v=DMARC1; p=none'}"`,
      ],
    ]
    for (const [id, description, value] of records) {
      new CfnOutput(this, id, { description, value })
    }
  }
}

const domainOf = (address: string) => address.split('@').pop()?.toLowerCase() ?? address
