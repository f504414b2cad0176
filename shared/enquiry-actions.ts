/**
 * The digest's signed action links (functions/enquiry-actions/), as the functions, the CDK
 * stack, the local stack and the retention audit all name them.
 */
export const enquiryActionsApi = {
  /** Where a link opens, on the site's own origin (CloudFront's `/api/*` behaviour). */
  path: '/api/enquiry-actions',
  /** The query (and form) parameter holding the signed token. */
  tokenParameter: 't',
  /** The functions' environment variable holding the stage's signing key (a generated secret). */
  keyEnv: 'ACTION_LINK_KEY',
  /** How long a link works. */
  linkDays: 30,
  /** How long the digest lists an enquiry in full, unless the stage says otherwise. */
  listDays: 14,
} as const
