import { z } from 'zod'
import type { Site } from '#shared/site.ts'
import { domainOf } from '../constructs/email-identities.ts'
import { lowerCased, optionalEmail, optionalText, type Parsed } from './values.ts'

/** Create an SES identity in the stage, or use one already verified in the account and region. */
export type IdentityMode = 'create' | 'existing'
export type SenderIdentityMode = 'address' | 'domain' | 'existing'

/** Who sends, who receives, who hears of trouble, and the SES identities that allow it. */
export interface MailSettings {
  /** @default SITE_EMAIL */
  readonly senderEmail?: string
  /** @default 'domain' with a zone of the sender's domain, else 'address' */
  readonly senderIdentity?: SenderIdentityMode
  /** @default SITE_EMAIL */
  readonly agencyEmail?: string
  /** @default 'create' when the sender's identity does not cover the inbox */
  readonly recipientIdentity?: IdentityMode
  readonly dmarc?: string
  /**
   * The MAIL FROM host's label under the sender's domain (its MX and SPF records are written
   * there): another one when `mail.` is taken.
   * @default 'mail'
   */
  readonly mailFromSubdomain?: string
  readonly opsEmail?: string
}

export const mailSettingsShape = {
  senderEmail: optionalEmail('senderEmail'),
  agencyEmail: optionalEmail('agencyEmail'),
  opsEmail: optionalEmail('opsEmail'),
  senderIdentity: z.preprocess(
    lowerCased,
    z
      .enum(['address', 'domain', 'existing'], {
        error: 'senderIdentity must be address, domain or existing',
      })
      .optional(),
  ),
  recipientIdentity: z.preprocess(
    lowerCased,
    z
      .enum(['create', 'existing'], { error: 'recipientIdentity must be create or existing' })
      .optional(),
  ),
  dmarc: optionalText(
    /^v=DMARC1;\s*p=(none|quarantine|reject)(;[^"\\]*)?$/,
    'dmarc: a DMARC record, e.g. "v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com"',
  ),
  mailFromSubdomain: optionalText(
    /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/,
    'mailFromSubdomain: one lower-case DNS label, e.g. bounce',
  ),
}

export interface MailConfig {
  readonly senderEmail: string
  readonly agencyEmail: string
  readonly opsEmail?: string
  /**
   * The sender's SES identity: the single `address` (verified by a link SES mails it), the whole
   * `domain` (Easy DKIM and a custom MAIL FROM; records written into the hosted zone when it is
   * the sender's domain, else listed as stack outputs), or an `existing` identity of the account.
   */
  readonly senderIdentity: SenderIdentityMode
  /**
   * The agency inbox's identity (the SES sandbox sends only to verified addresses). Absent when
   * the sender's identity already covers the inbox.
   */
  readonly recipientIdentity?: IdentityMode
  /**
   * A DMARC record for the sender's domain: written into the hosted zone when that is the
   * sender's domain, else listed among the records to create.
   */
  readonly dmarc?: string
  /**
   * The MAIL FROM host's label under the sender's domain (a `domain` identity's bounces).
   * @default MAIL_FROM_SUBDOMAIN ('mail')
   */
  readonly mailFromSubdomain?: string
}

export function mailConfig(
  s: Parsed<typeof mailSettingsShape> & { readonly hostedZoneName?: string | undefined },
  site: Site,
): MailConfig {
  // One verified address can be both sender and recipient, which is all the SES sandbox needs.
  const senderEmail = s.senderEmail ?? site.email
  const agencyEmail = s.agencyEmail ?? site.email
  // An address identity covers itself; a domain identity (hosted zone of the sender's domain)
  // covers every address in that domain.
  const senderDomain = domainOf(senderEmail)
  const senderIdentity: SenderIdentityMode =
    s.senderIdentity ?? (s.hostedZoneName === senderDomain ? 'domain' : 'address')
  const recipientCovered =
    agencyEmail.toLowerCase() === senderEmail.toLowerCase() ||
    (senderIdentity === 'domain' && domainOf(agencyEmail) === senderDomain)
  return {
    senderEmail,
    agencyEmail,
    ...(s.opsEmail && { opsEmail: s.opsEmail }),
    senderIdentity,
    ...(!recipientCovered && { recipientIdentity: s.recipientIdentity ?? 'create' }),
    ...(s.dmarc && { dmarc: s.dmarc }),
    ...(s.mailFromSubdomain && { mailFromSubdomain: s.mailFromSubdomain }),
  }
}
