import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  type GetEmailIdentityCommandOutput,
  SESv2Client,
} from '@aws-sdk/client-sesv2'
import type { AwsAccount } from './aws-account.ts'
import { type Check, fail, isNotFound, pass } from './checks.ts'

/**
 * SES as `npm run preflight` (before a deploy) and `npm run verify` (after it) read it: the
 * account's standing in the stage's region, and an identity by name.
 */

/** Sending enabled and the account in good standing; the sandbox passes, saying what it limits. */
export function sesAccountCheck(aws: AwsAccount, region: string): Check {
  const name = 'SES account'
  return {
    name,
    run: async () => {
      const ses = aws.client(SESv2Client, region)
      const account = await aws.budget.ask((abortSignal) =>
        ses.send(new GetAccountCommand({}), { abortSignal }),
      )
      if (!account.SendingEnabled) {
        return fail(
          name,
          `sending is paused in ${region}: no enquiry e-mail leaves; see the SES console's account dashboard`,
        )
      }
      if (account.EnforcementStatus && account.EnforcementStatus !== 'HEALTHY') {
        return fail(
          name,
          `SES enforcement status ${account.EnforcementStatus} in ${region}: resolve it with AWS (SES console, reputation)`,
        )
      }
      return pass(
        name,
        account.ProductionAccessEnabled
          ? `sending, production access in ${region}`
          : `sandbox in ${region}: mail reaches verified identities only (the stage's inbox identity covers the agency); request production access before going live`,
      )
    },
  }
}

/** An SES identity (an address or a domain) as SES describes it; undefined when there is none. */
export async function sesIdentity(
  aws: AwsAccount,
  region: string,
  identity: string,
): Promise<GetEmailIdentityCommandOutput | undefined> {
  const ses = aws.client(SESv2Client, region)
  try {
    return await aws.budget.ask((abortSignal) =>
      ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }), { abortSignal }),
    )
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
}
