import { CfnOutput, Stack } from 'aws-cdk-lib'
import { type IPublicHostedZone, TxtRecord } from 'aws-cdk-lib/aws-route53'
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses'
import { Construct } from 'constructs'

/** The custom MAIL FROM host under the sender's domain (SPF alignment for DMARC). */
export const MAIL_FROM_SUBDOMAIN = 'mail'

/** The MAIL FROM host of a sender's domain, where its MX and SPF records are written. */
export const mailFromDomainOf = (senderDomain: string, subdomain = MAIL_FROM_SUBDOMAIN) =>
  `${subdomain}.${senderDomain}`

export interface IdentityChoice {
  /** The address enquiry e-mails are sent from. */
  readonly senderEmail: string
  /**
   * How the sender is an SES identity: the single `address` (SES mails it a link to click), the
   * whole `domain` (Easy DKIM and a custom MAIL FROM host), or an `existing` identity of the
   * account and region (verified by hand, or created by another stage), which is only used.
   */
  readonly senderIdentity: 'address' | 'domain' | 'existing'
  /** The agency inbox every enquiry is sent to. */
  readonly agencyEmail: string
  /**
   * The inbox's own identity, when the sender's does not cover it. In the SES sandbox (every new
   * account) SES sends only to verified identities and authorises `ses:SendEmail` against the
   * recipient's identity as well.
   * @default - the sender's identity covers the inbox
   */
  readonly recipientIdentity?: 'create' | 'existing'
}

/**
 * Which SES identities a stage creates, and which it may send as: the one decision the data stack
 * (creating them), the site stack (granting sends) and the settings check (refusing to drop one)
 * all read. An existing sender may be verified as its address or its domain, so both are named.
 */
export function identityPlan(choice: IdentityChoice): { created: string[]; sendingAs: string[] } {
  const senderDomain = domainOf(choice.senderEmail)
  const created: string[] = []
  const sendingAs: string[] = []
  if (choice.senderIdentity === 'existing') {
    sendingAs.push(choice.senderEmail, senderDomain)
  } else {
    const name = choice.senderIdentity === 'domain' ? senderDomain : choice.senderEmail
    created.push(name)
    sendingAs.push(name)
  }
  if (choice.recipientIdentity === 'create') {
    created.push(choice.agencyEmail)
    sendingAs.push(choice.agencyEmail)
  } else if (choice.recipientIdentity === 'existing') {
    sendingAs.push(choice.agencyEmail, domainOf(choice.agencyEmail))
  }
  return { created, sendingAs }
}

export interface EmailIdentitiesProps extends IdentityChoice {
  /**
   * A Route 53 zone. When it is the sender's domain and the sender identity is `domain`, the DKIM,
   * MAIL FROM and DMARC records are written into it (no click on a link needed).
   * @default - the records a domain identity needs are stack outputs, to create by hand
   */
  readonly hostedZone?: IPublicHostedZone
  /**
   * The sender domain's DMARC record, e.g. `v=DMARC1; p=quarantine; rua=mailto:…`. Leave it
   * unset when the domain already publishes one: creating an existing record fails the stack.
   * @default - no DMARC record is written (without a zone, a `p=none` one is suggested)
   */
  readonly dmarc?: string
  /**
   * The label of the custom MAIL FROM host under the sender's domain, whose MX and SPF records
   * a `domain` identity writes: another one when `mail.` already has records of its own.
   * @default MAIL_FROM_SUBDOMAIN
   */
  readonly mailFromSubdomain?: string
}

/**
 * The SES identities enquiries are sent from and to, with the DNS records that verify a domain.
 * State, not configuration: a verified identity (a clicked link, published DKIM keys) is lost
 * with the resource, so it lives in the stateful stack.
 */
export class EmailIdentities extends Construct {
  constructor(scope: Construct, id: string, props: EmailIdentitiesProps) {
    super(scope, id)
    const senderDomain = domainOf(props.senderEmail)
    const zone = props.hostedZone
    const mailFromDomain = mailFromDomainOf(senderDomain, props.mailFromSubdomain)
    const zoneIsSenderDomain = zone !== undefined && zone.zoneName.toLowerCase() === senderDomain

    if (props.senderIdentity === 'domain') {
      const identity = new EmailIdentity(this, 'SenderIdentity', {
        identity:
          zone && zoneIsSenderDomain
            ? Identity.publicHostedZone(zone)
            : Identity.domain(senderDomain),
        // Mail then leaves from an address of the agency's own domain, so SPF aligns for DMARC.
        mailFromDomain,
      })
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
    } else if (props.senderIdentity === 'address') {
      new EmailIdentity(this, 'SenderIdentity', { identity: Identity.email(props.senderEmail) })
    }
    if (props.recipientIdentity === 'create') {
      new EmailIdentity(this, 'RecipientIdentity', {
        identity: Identity.email(props.agencyEmail),
      })
    }
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

export const domainOf = (address: string) => address.split('@').pop()?.toLowerCase() ?? address
