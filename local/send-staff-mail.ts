import { SESClient } from '@aws-sdk/client-ses'
import { requestHandlerOptions } from '#functions/aws-clients.ts'
import { linkKeyEnv } from '#functions/enquiries/action-links.ts'
import type { EnquiryTableRef } from '#functions/enquiries/attention.ts'
import { DEFAULT_AGENCY_TIME_ZONE } from '#shared/agency-time.ts'
import { parseSite } from '#shared/site.ts'
import { localActionLinkKey } from './action-link-key.ts'
import { unreachableMailboxSaid } from './mailbox.ts'
import { localCredentials, localSenderEmail } from './pipeline.ts'
import { runStaffMail, type StaffMailJob } from './staff-mail.ts'

/**
 * `npm run enquiries -- digest | remind | weekly`: sent now to the running local stack's mailbox
 * (SES_PORT), from and to the addresses `npm start` uses, its links on the local site (PORT),
 * signed with the local stack's own key (ACTION_LINK_KEY, when set, is used instead: a local
 * stack started with a key of its own).
 */
export async function sendLocalStaffMail(
  job: StaffMailJob,
  table: EnquiryTableRef,
  env: Record<string, string | undefined>,
  now: Date,
) {
  const mailbox = `http://127.0.0.1:${env.SES_PORT ?? 8005}`
  const ses = new SESClient({
    region: 'eu-west-2',
    endpoint: mailbox,
    credentials: localCredentials,
    maxAttempts: 1,
    requestHandler: requestHandlerOptions,
  })
  try {
    const outcome = await runStaffMail(
      job,
      {
        table,
        ses,
        addresses: {
          senderEmail: localSenderEmail,
          agencyEmail: parseSite(env).email,
          agencyTimeZone: env.AGENCY_TIME_ZONE ?? DEFAULT_AGENCY_TIME_ZONE,
        },
        key: env[linkKeyEnv] ?? localActionLinkKey(),
        siteUrl: `http://127.0.0.1:${env.PORT ?? 3000}`,
      },
      now,
    )
    return { ...outcome, mailbox }
  } catch (error) {
    throw unreachableMailboxSaid(error, mailbox)
  } finally {
    ses.destroy()
  }
}
