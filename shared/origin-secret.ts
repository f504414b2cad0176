/**
 * CloudFront adds this header, holding a secret generated per stage at deploy time, to every
 * request it sends to the contact API; the contact function refuses requests without it, so the
 * API's own execute-api URL cannot be used to go around CloudFront (and its WAF).
 */
export const originSecret = {
  /** Lower case: API Gateway's HTTP API hands headers to the function lower-cased. */
  header: 'x-origin-verify',
  /** The function's environment variable holding the secret (absent locally: no check). */
  env: 'ORIGIN_SECRET',
} as const
