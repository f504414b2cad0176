import type { AddressInfo } from 'node:net'
import type { SESEvent } from 'aws-lambda'
import addressparser from 'nodemailer/lib/addressparser'
import { SMTPServer } from 'smtp-server'
import { receiptEvent } from '#functions/reply-received/receipt-event.ts'

/**
 * The local stack's stand-in for SES receiving on the reply subdomain: an SMTP listener
 * (smtp-server, on loopback) that accepts mail for addresses of `replyDomain` only, reads the
 * message's header block (at most MAX_HEADER_BYTES: past that, SES's own `headersTruncated`),
 * drains the body unread, and hands the function the receipt event SES would: headers, envelope
 * recipients, verdicts. It answers 250 whatever the function decides, as SES does; unlike SES
 * it waits for the function first, so a reply sent here is recorded before the sender's client
 * returns. SES checks SPF, DKIM and DMARC against DNS; here, on loopback, there is none to ask,
 * so every verdict is PASS: the function's own rules on them are proven by its tests.
 */

/** How much of a message's header block is read: SES's Lambda event bounds it likewise. */
export const MAX_HEADER_BYTES = 64 * 1024
/** Messages past this are refused (SES receives up to 40 MB; a reply needs far less). */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024

export interface ReplyReceiverOptions {
  readonly replyDomain: string
  /** Runs the reply-received function on the event (its handler, as SES's Lambda action would). */
  readonly deliver: (event: SESEvent) => Promise<unknown>
  /** @default 0: a free port */
  readonly port?: number
  readonly onError?: (error: unknown) => void
}

export interface ReplyReceiver {
  /** `smtp://127.0.0.1:PORT` */
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

/** A header block's lines, unfolded (a line starting with white space continues the last). */
export function headerFields(block: string): { name: string; value: string }[] {
  const fields: { name: string; value: string }[] = []
  for (const line of block.split(/\r?\n/)) {
    const last = fields.at(-1)
    if (/^[ \t]/.test(line) && last) {
      last.value = `${last.value} ${line.trim()}`
      continue
    }
    const colon = line.indexOf(':')
    if (colon > 0)
      fields.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() })
  }
  return fields
}

/** The From header's entries as SES lists them: `Name <address>`, or the address alone. */
function fromEntries(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined
  return addressparser(value, { flatten: true }).map((entry) =>
    entry.name ? `${entry.name} <${entry.address}>` : entry.address,
  )
}

/**
 * Reads a message to its end, keeping its header block only (at most MAX_HEADER_BYTES): the
 * body is drained unread.
 */
function readHeaders(
  stream: NodeJS.ReadableStream,
): Promise<{ block: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0)
    let found: { block: string; truncated: boolean } | undefined
    stream.on('data', (chunk: Buffer) => {
      if (found) return
      head = Buffer.concat([head, chunk])
      const end = head.indexOf('\r\n\r\n')
      if (end >= 0 && end <= MAX_HEADER_BYTES) {
        found = { block: head.subarray(0, end).toString('utf8'), truncated: false }
      } else if (head.length > MAX_HEADER_BYTES) {
        found = { block: head.subarray(0, MAX_HEADER_BYTES).toString('utf8'), truncated: true }
      }
      if (found) head = Buffer.alloc(0)
    })
    stream.on('end', () => resolve(found ?? { block: head.toString('utf8'), truncated: false }))
    stream.on('error', reject)
  })
}

export async function startReplyReceiver(options: ReplyReceiverOptions): Promise<ReplyReceiver> {
  const domain = options.replyDomain.toLowerCase()
  const server = new SMTPServer({
    name: 'reply-receiver.local',
    banner: 'the local stand-in for SES receiving',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      // As a receipt rule for the subdomain: mail for any other domain is not ours to take.
      if (address.address.toLowerCase().endsWith(`@${domain}`)) return callback()
      return callback(
        Object.assign(new Error(`No mailbox here for ${address.address}`), { responseCode: 550 }),
      )
    },
    onData(stream, session, callback) {
      readHeaders(stream)
        .then(async ({ block, truncated }) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }))
          }
          const headers = headerFields(block)
          const from = headers.find((header) => header.name.toLowerCase() === 'from')?.value
          await options
            .deliver(
              receiptEvent({
                ...(from !== undefined && { from: fromEntries(from) }),
                recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
                headers,
                headersTruncated: truncated,
              }),
            )
            .catch((error: unknown) => options.onError?.(error))
          callback()
        })
        .catch((error: unknown) => callback(error as Error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  // A client that drops its connection is no failure of the receiver's.
  server.on('error', (error) => options.onError?.(error))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
