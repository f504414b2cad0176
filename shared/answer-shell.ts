/**
 * Where the no-JavaScript form's answers find the site's page around them
 * (functions/contact/answer-shell.ts): a page of the built site, which the deployment copies
 * into the contact function's bundle (infra/constructs/contact-api.ts) and the local stack reads
 * from the build.
 */
export const answerShell = {
  /** The built page the answers are shown in, inside the site's build folder (`dist/client`). */
  page: 'contact/check-details/index.html',
  /** Its name beside the contact function's bundled code. */
  bundledFile: 'answer-shell.html',
} as const
