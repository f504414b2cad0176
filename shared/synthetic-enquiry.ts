/**
 * The canary's synthetic enquiry: posted through the public site every hour to prove the whole
 * pipeline works, and recognised by a marker signed with a key only the canary and the contact
 * function hold (generated per stage at deploy time, like the origin secret: decision 0036).
 * A request whose marker does not verify is an ordinary enquiry.
 */
export const syntheticEnquiry = {
  /** The request header carrying the signed marker (lower case, as API Gateway hands it over). */
  header: 'x-synthetic-enquiry',
  /** The functions' environment variable holding the signing key. */
  env: 'SYNTHETIC_KEY',
  /**
   * SES's mailbox simulator: accepts the e-mail and reports it delivered, without delivering it
   * to anyone. The only recipient a synthetic enquiry's e-mail ever has.
   */
  recipient: 'success@simulator.amazonses.com',
  /** How long a synthetic enquiry is kept: the table's TTL deletes it a day after it was sent. */
  retentionSeconds: 24 * 60 * 60,
  /**
   * How old a marker may be when it arrives; an older one (replayed) is not honoured. The
   * shortest the canary needs: its post's own time limit (10 s) and 10 s for clocks that differ
   * (an operator's laptop running `npm run canary` against a stage).
   */
  markerMaxAgeSeconds: 20,
  /** How far ahead of the function's clock a marker may be dated (the signer's clock is fast). */
  markerMaxAheadSeconds: 10,
} as const

/**
 * What the canary records each run (embedded metric format, `service` = `canary`, `stage`): 1
 * when any step failed or was late, 0 when all passed. Its alarm watches the maximum.
 */
export const canaryMetrics = {
  service: 'canary',
  failed: 'CanaryFailed',
} as const
