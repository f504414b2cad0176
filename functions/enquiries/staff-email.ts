import type { SESClient, SendEmailCommandInput } from '@aws-sdk/client-ses'
import type { Logger } from '../log.ts'
import type { EnquiryTableRef } from './attention.ts'
import { type EmailAddresses, headerSafe, type RenderedEmail } from './email.ts'
import type { ActionLinker } from './entry-email.ts'
import { wellFormed } from './item.ts'

/** What each of staff's scheduled e-mails (the digest, the reminder, the weekly summary) needs. */
export interface StaffMailDependencies {
  readonly table: EnquiryTableRef
  readonly ses: SESClient
  readonly addresses: EmailAddresses
  readonly log: Logger
  readonly now: () => Date
  /** Signs the links of an e-mail made at `now`. */
  readonly links: (now: Date) => ActionLinker
}

/**
 * SES v1 `SendEmail`, the enquiry e-mails' way: from the verified sender to the agency inbox (or
 * `to`). The digest, the reminder and the weekly summary all go this way.
 */
export function staffEmailInput(
  rendered: RenderedEmail,
  addresses: EmailAddresses,
  to: string = addresses.agencyEmail,
): SendEmailCommandInput {
  return {
    Source: headerSafe(addresses.senderEmail),
    Destination: { ToAddresses: [headerSafe(to)] },
    Message: {
      Subject: { Data: wellFormed(rendered.subject), Charset: 'UTF-8' },
      Body: {
        Text: { Data: wellFormed(rendered.text), Charset: 'UTF-8' },
        Html: { Data: wellFormed(rendered.html), Charset: 'UTF-8' },
      },
    },
    // Its delivery is reported like an enquiry e-mail's: a bounce of it pages ops too.
    ...(addresses.sesConfigurationSet && {
      ConfigurationSetName: addresses.sesConfigurationSet,
    }),
  }
}
