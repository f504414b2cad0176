import { SESClient } from '@aws-sdk/client-ses'
import { requestHandlerOptions } from '#functions/aws-clients.ts'
import { sendDigest } from '#functions/digest/send.ts'
import type { EnquiryTableRef } from '#functions/enquiries/attention.ts'
import { actionLinker, linkKeyEnv } from '#functions/enquiry-actions/links.ts'
import { parseSite } from '#shared/site.ts'
import { localActionLinkKey } from './action-link-key.ts'
import { localCredentials, localSenderEmail } from './pipeline.ts'

/**
 * `npm run enquiries -- digest`: the scheduled digest's own code (functions/digest/digest.ts),
 * run now and sent to the local stack's mailbox, from and to the addresses `npm start` uses.
 * Its commands name no table: they are for the local stack; its links open the local site
 * (`npm start`'s PORT), signed with the local stack's own key (ACTION_LINK_KEY, when set, is
 * used instead: a local stack started with a key of its own).
 */
export async function sendLocalDigest(
  table: EnquiryTableRef,
  env: Record<string, string | undefined>,
  now: Date,
) {
  const mailbox = `http://127.0.0.1:${env.SES_PORT ?? 8005}`
  const agencyEmail = parseSite(env).email
  const ses = new SESClient({
    region: 'eu-west-2',
    endpoint: mailbox,
    credentials: localCredentials,
    maxAttempts: 1,
    requestHandler: requestHandlerOptions,
  })
  try {
    const outcome = await sendDigest({
      table,
      ses,
      addresses: { senderEmail: localSenderEmail, agencyEmail },
      log: () => {},
      now: () => now,
      links: (at) =>
        actionLinker({
          key: env[linkKeyEnv] ?? localActionLinkKey(),
          stage: 'local',
          siteUrl: `http://127.0.0.1:${env.PORT ?? 3000}`,
          now: at,
        }),
    })
    return { outcome, mailbox, agencyEmail }
  } catch (error) {
    const refused = /ECONNREFUSED/.test(`${(error as { code?: string }).code} ${String(error)}`)
    if (!refused) throw error
    throw Object.assign(
      new Error(
        `nothing answers at ${mailbox}: start the local stack (npm start), or set SES_PORT to its mailbox's port`,
      ),
      { name: 'MailboxUnreachable' },
    )
  } finally {
    ses.destroy()
  }
}
