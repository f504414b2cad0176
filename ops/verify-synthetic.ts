import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import {
  type CanaryOptions,
  DELIVERED_WITHIN_MS,
  runCanary,
  STEP_TIMEOUT_MS,
} from '#functions/canary/check.ts'
import { enquiryStatusReader } from '#functions/canary/create-handler.ts'
import type { AwsAccount } from './aws-account.ts'
import { type Check, fail, pass, withCause } from './checks.ts'
import type { Fetch } from './verify-http.ts'

/**
 * The one thing `npm run verify` writes: a synthetic enquiry through the live pipeline, sent by
 * the canary's own check (functions/canary/check.ts) with the stage's synthetic key. It is kept a
 * day and e-mailed to SES's mailbox simulator only, as the hourly canary's are; so verify proves
 * the whole chain at once, without waiting up to an hour for the canary's next run.
 */

export const syntheticCheckName = 'synthetic enquiry through the live pipeline'

/** Reads an enquiry's status fields from the named table (the canary's reader). */
export type EnquiryReader = (tableName: string) => CanaryOptions['readEnquiry']

export interface SyntheticCheckInputs {
  readonly aws: AwsAccount
  readonly region: string
  readonly fetcher: Fetch
  /** The site stack's outputs (SiteUrl, CanaryKeySecretArn). */
  readonly output: (key: string) => string
  readonly tableName: () => string
  /** @default the canary's reader, with the account's credentials */
  readonly readerFor?: EnquiryReader
  /** How often the enquiry's delivery is looked for. @default 1 s */
  readonly pollEveryMs?: number | undefined
}

export function syntheticEnquiryCheck(inputs: SyntheticCheckInputs): Check {
  const { aws, region } = inputs
  const name = syntheticCheckName
  const readerFor =
    inputs.readerFor ??
    ((tableName: string) =>
      enquiryStatusReader(
        DynamoDBDocumentClient.from(aws.client(DynamoDBClient, region)),
        tableName,
      ))
  return {
    name,
    run: async () => {
      const siteUrl = inputs.output('SiteUrl')
      const secretArn = inputs.output('CanaryKeySecretArn')
      const secrets = aws.client(SecretsManagerClient, region)
      let key: string | undefined
      try {
        ;({ SecretString: key } = await aws.budget.ask((abortSignal) =>
          secrets.send(new GetSecretValueCommand({ SecretId: secretArn }), { abortSignal }),
        ))
      } catch (error) {
        // Read access (ReadOnlyAccess) does not include a secret's value: say which permission.
        if (!/AccessDenied|not authorized/i.test(`${(error as Error).name} ${withCause(error)}`)) {
          throw error
        }
        return fail(
          name,
          `${withCause(error)}: verify reads the stage's synthetic key, so its credentials need secretsmanager:GetSecretValue on ${secretArn} (docs/deploy.md)`,
        )
      }
      if (!key) return fail(name, `${secretArn} holds no key: deploy the site stack again`)
      // The canary's own limits, within what is left of this check's time: each step and the
      // delivery wait end a little before it does, so a slow step is told as that step's
      // failure, not as a time-out of the whole.
      const leftMs = aws.budget.remainingMs
      const result = await aws.budget.ask(
        () =>
          runCanary({
            siteUrl,
            key,
            readEnquiry: readerFor(inputs.tableName()),
            fetch: (url, init) => inputs.fetcher(String(url), init ?? {}),
            stepTimeoutMs: Math.max(0, Math.min(STEP_TIMEOUT_MS, leftMs - 500)),
            deliveredWithinMs: Math.max(0, Math.min(DELIVERED_WITHIN_MS, leftMs - 2_000)),
            pollEveryMs: inputs.pollEveryMs ?? 1_000,
          }),
        leftMs,
      )
      const failed = result.steps.find((step) => step.status === 'fail')
      if (failed) {
        return fail(
          name,
          `${failed.step}: ${failed.detail} (docs/operations.md, The canary, says what each step's failure means)`,
        )
      }
      const ms = result.steps.reduce((sum, step) => sum + step.ms, 0)
      return pass(
        name,
        `enquiry ${result.enquiryId} posted through ${siteUrl}, stored as synthetic (kept a day), delivered to SES's mailbox simulator; ${ms} ms`,
      )
    },
  }
}
