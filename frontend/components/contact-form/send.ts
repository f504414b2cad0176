import type { ContactSubmission } from '../../../shared/contact.ts'
import { analyticsEvents } from '../../analytics/events.ts'
import { track } from '../../analytics/track.ts'
import {
  type ContactCreated,
  type SubmitContactOptions,
  submitContact,
} from '../../api/contacts.ts'

export interface SendDependencies {
  readonly track: typeof track
  readonly submitContact: typeof submitContact
}

/** Records contact_form_submit (spec §4: before the call), then sends the enquiry. */
export function sendEnquiry(
  submission: ContactSubmission,
  options: SubmitContactOptions,
  deps: SendDependencies = { track, submitContact },
): Promise<ContactCreated> {
  deps.track(analyticsEvents.contactFormSubmit)
  return deps.submitContact(submission, options)
}
