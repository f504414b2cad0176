/**
 * The local SES emulator's mailbox (aws-ses-v2-local): `GET ${mailboxUrl}/store` lists every
 * e-mail sent, newest last.
 */
export interface MailboxEmail {
  readonly messageId: string
  readonly from: string
  readonly replyTo: string[]
  readonly destination: { readonly to: string[] }
  readonly subject: string
  readonly body: { readonly text?: string; readonly html?: string }
  /** When the stand-in took it (epoch seconds). */
  readonly at: number
}

/** Every e-mail the stand-in took (since `sinceSeconds`, epoch seconds, when given). */
export async function readMailbox(
  mailboxUrl: string,
  sinceSeconds?: number,
): Promise<MailboxEmail[]> {
  const since = sinceSeconds === undefined ? '' : `?since=${Math.floor(sinceSeconds)}`
  const response = await fetch(`${mailboxUrl}/store${since}`)
  return ((await response.json()) as { emails: MailboxEmail[] }).emails
}

/** The enquiry id an e-mail to the agency carries in its body (its subject has the short ref). */
export function enquiryIdOf(email: MailboxEmail): string | undefined {
  return /\(id ([0-9a-f-]{36})\)/.exec(email.body.text ?? '')?.[1]
}

/** The e-mails of one enquiry. */
export async function mailFor(mailboxUrl: string, id: string): Promise<MailboxEmail[]> {
  return (await readMailbox(mailboxUrl)).filter((email) => enquiryIdOf(email) === id)
}

/**
 * A send refused because no mailbox listens (the local stack is not running), said as ops need
 * it: a `MailboxUnreachable` error naming the port to set; any other error as it was.
 */
export function unreachableMailboxSaid(error: unknown, mailbox: string): unknown {
  const refused = /ECONNREFUSED/.test(`${(error as { code?: string }).code} ${String(error)}`)
  if (!refused) return error
  return Object.assign(
    new Error(
      `nothing answers at ${mailbox}: start the local stack (npm start), or set SES_PORT to its mailbox's port`,
    ),
    { name: 'MailboxUnreachable' },
  )
}
