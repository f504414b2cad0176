/**
 * How the prerendered form (ContactForm.tsx) and its client code (enhance.ts) find each other's
 * parts: ids and attributes, in one place so the two cannot drift apart.
 */
export const formParts = {
  /** Set on the form once its client code is in charge (the bench and the tests wait for it). */
  interactive: 'data-interactive',
  /** The spinner that moves into the Send button while a send is in progress. */
  spinner: 'data-sending-spinner',
  /** Where the status of the last send shows, beside the button. */
  statusId: 'contact-form-status',
  /** The hidden container of the two status messages the form copies from. */
  statusTemplates: 'data-status-templates',
  /** In the failure message: where the plain-English reason goes. */
  failureMessage: 'data-failure-message',
  /** In the failure message: a list of links to the fields the API found wrong. */
  fieldLinks: 'data-field-links',
  /** On the hint while the status of a send shows (it would speak of the emptied form). */
  afterSend: 'data-after-send',
} as const
