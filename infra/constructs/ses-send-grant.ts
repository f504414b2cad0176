import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam'

/**
 * SES's mailbox simulator address that accepts a message and reports it delivered, without
 * delivering it anywhere. Synthetic enquiries (the canary's) are e-mailed here, so a function
 * that sends enquiry e-mails may address it as well as the agency's inbox.
 */
export const SES_SIMULATOR_SUCCESS = 'success@simulator.amazonses.com'

export interface SesSendScope {
  /** The one From address the grantee may send as (`ses:FromAddress`). */
  readonly fromAddress: string
  /** Every address the grantee may send to (To, Cc, Bcc: `ses:Recipients`), and no other. */
  readonly recipients: readonly string[]
}

/**
 * What an enquiry e-mail (and the digest) may be: from the stage's sender, to the agency's inbox,
 * or, for a synthetic enquiry, to SES's mailbox simulator; and to `alsoTo` (the digest's second
 * address, for the digest alone).
 */
export function enquiryMailScope(
  senderEmail: string,
  agencyEmail: string,
  alsoTo: readonly string[] = [],
): SesSendScope {
  return { fromAddress: senderEmail, recipients: [agencyEmail, SES_SIMULATOR_SUCCESS, ...alsoTo] }
}

/**
 * The conditions every `ses:SendEmail` grant of the product carries: the identity ARNs say which
 * verified identities may be used, but a domain identity covers every address of the domain, and
 * out of the sandbox any recipient. A function that handles untrusted input (the contact form)
 * must not be able to send as anyone of the domain to anyone: From is the sender, recipients
 * are the given ones. SES compares addresses as written, so case is ignored, and a request
 * naming no recipient at all is not let through by the set operator.
 */
export function sesSendConditions(scope: SesSendScope): Record<string, Record<string, unknown>> {
  return {
    StringEqualsIgnoreCase: { 'ses:FromAddress': scope.fromAddress },
    'ForAllValues:StringEqualsIgnoreCase': { 'ses:Recipients': [...new Set(scope.recipients)] },
    Null: { 'ses:Recipients': 'false' },
  }
}

/**
 * Lets `grantee` call `ses:SendEmail` on `resourceArns` (identities, configuration sets), only
 * as `scope.fromAddress` and only to `scope.recipients`: the one place SES send rights are
 * written, whichever function gets them.
 */
export function grantSesSend(
  grantee: IGrantable,
  resourceArns: string[],
  scope: SesSendScope,
): Grant {
  return Grant.addToPrincipal({
    grantee,
    actions: ['ses:SendEmail'],
    resourceArns,
    conditions: sesSendConditions(scope),
  })
}
