import {
  DescribeRuleCommand,
  EventBridgeClient,
  ListRuleNamesByTargetCommand,
} from '@aws-sdk/client-eventbridge'
import {
  GetFunctionCommand,
  GetFunctionEventInvokeConfigCommand,
  LambdaClient,
} from '@aws-sdk/client-lambda'
import type { GetEmailIdentityCommandOutput } from '@aws-sdk/client-sesv2'
import { domainOf, mailFromDomainOf } from '#infra/constructs/email-identities.ts'
import type { DeployConfig } from '#infra/stage-settings.ts'
import type { AwsAccount } from './aws-account.ts'
import { type Check, fail, pass } from './checks.ts'
import { sesAccountCheck, sesIdentity } from './ses-account.ts'

/**
 * The checks of `npm run verify` on the e-mail pipeline's moving parts: the delivery-events
 * function's dead-letter queue, the schedules that run the retry, the digest and the canary, and
 * SES (the account's standing, the sender's identity and its DKIM).
 */

export function dlqCheck(aws: AwsAccount, region: string, output: (key: string) => string): Check {
  const name = 'delivery-events DLQ'
  return {
    name,
    run: async () => {
      const lambda = aws.client(LambdaClient, region)
      const config = await aws.budget.ask((abortSignal) =>
        lambda.send(
          new GetFunctionEventInvokeConfigCommand({
            FunctionName: output('DeliveryEventsFunctionName'),
          }),
          { abortSignal },
        ),
      )
      const destination = config.DestinationConfig?.OnFailure?.Destination
      const queue = output('DeliveryEventsFailedQueueArn')
      return destination === queue
        ? pass(name, `on failure → ${queue.split(':').pop()}`)
        : fail(
            name,
            `the function's on-failure destination is ${destination ?? 'none'}, not ${queue}: failed delivery events would be lost; deploy the site stack again`,
          )
    },
  }
}

export function scheduleChecks(
  aws: AwsAccount,
  region: string,
  output: (key: string) => string,
  outputs: Record<string, string>,
): Check[] {
  const events = aws.client(EventBridgeClient, region)
  const ruleState = async (ruleName: string) =>
    (
      await aws.budget.ask((abortSignal) =>
        events.send(new DescribeRuleCommand({ Name: ruleName }), { abortSignal }),
      )
    ).State
  const byName = (label: string, key: string): Check => ({
    name: `${label} schedule`,
    run: async () => {
      const ruleName = output(key)
      const state = await ruleState(ruleName)
      return state === 'ENABLED'
        ? pass(`${label} schedule`, `${ruleName} enabled`)
        : fail(
            `${label} schedule`,
            `${ruleName} is ${state}: aws events enable-rule --name ${ruleName}`,
          )
    },
  })
  const canary: Check = {
    name: 'canary schedule',
    run: async () => {
      const name = 'canary schedule'
      const canaryName = outputs.CanaryName
      if (!canaryName)
        return fail(name, 'the site stack has no CanaryName output: deploy the canary')
      const lambda = aws.client(LambdaClient, region)
      const fn = await aws.budget.ask((abortSignal) =>
        lambda.send(new GetFunctionCommand({ FunctionName: canaryName }), { abortSignal }),
      )
      const arn = fn.Configuration?.FunctionArn ?? canaryName
      const { RuleNames = [] } = await aws.budget.ask((abortSignal) =>
        events.send(new ListRuleNamesByTargetCommand({ TargetArn: arn }), { abortSignal }),
      )
      for (const ruleName of RuleNames) {
        if ((await ruleState(ruleName)) === 'ENABLED') return pass(name, `${ruleName} enabled`)
      }
      return fail(
        name,
        `no enabled schedule runs ${canaryName} (${RuleNames.join(', ') || 'no rule'}): aws events enable-rule --name RULE`,
      )
    },
  }
  return [byName('retry', 'RetryScheduleName'), byName('digest', 'DigestScheduleName'), canary]
}

export function sesChecks(aws: AwsAccount, config: DeployConfig): Check[] {
  const region = config.env.region
  const sender = config.senderEmail
  const candidates =
    config.senderIdentity === 'domain'
      ? [domainOf(sender)]
      : config.senderIdentity === 'address'
        ? [sender]
        : [sender, domainOf(sender)]
  // The sender's verified identity, asked once for the rows that read it.
  let verified: Promise<{ name: string; found: GetEmailIdentityCommandOutput } | undefined>
  const verifiedSender = () => {
    verified ??= (async () => {
      for (const name of candidates) {
        const found = await sesIdentity(aws, region, name)
        if (found?.VerifiedForSendingStatus) return { name, found }
      }
      return undefined
    })()
    return verified
  }
  const unverified = `no verified identity for ${sender} in ${region} (${candidates.join(', ')}): verify it (docs/deploy.md)`
  return [
    sesAccountCheck(aws, region),
    {
      name: 'SES identity and DKIM',
      run: async () => {
        const name = 'SES identity and DKIM'
        const identity = await verifiedSender()
        if (!identity) return fail(name, unverified)
        const dkim = identity.found.DkimAttributes?.Status
        if (identity.found.IdentityType === 'DOMAIN' && dkim !== 'SUCCESS') {
          return fail(
            name,
            `${identity.name} is verified but DKIM is ${dkim ?? 'off'}: publish its three DKIM CNAME records again (stack outputs or the hosted zone)`,
          )
        }
        return pass(
          name,
          `${identity.name} verified${dkim === 'SUCCESS' ? ', DKIM signing' : ' (an address: signed with DKIM only if its domain is verified too)'}`,
        )
      },
    },
    mailFromCheck(config, verifiedSender, unverified),
  ]
}

/**
 * The custom MAIL FROM host of a domain sender: SES found its MX record (status SUCCESS). A
 * failed one is silent: mail then leaves with SES's own MAIL FROM, SPF no longer aligns for
 * DMARC, and at a domain with p=quarantine the enquiries go to spam.
 */
function mailFromCheck(
  config: DeployConfig,
  verifiedSender: () => Promise<{ name: string; found: GetEmailIdentityCommandOutput } | undefined>,
  unverified: string,
): Check {
  const name = 'SES MAIL FROM'
  const region = config.env.region
  return {
    name,
    run: async () => {
      const identity = await verifiedSender()
      if (!identity) return fail(name, unverified)
      const mailFrom = identity.found.MailFromAttributes
      const expected =
        config.senderIdentity === 'domain'
          ? mailFromDomainOf(domainOf(config.senderEmail), config.mailFromSubdomain)
          : undefined
      if (!mailFrom?.MailFromDomain) {
        return expected
          ? fail(
              name,
              `${identity.name} has no custom MAIL FROM (${expected} expected): SPF does not align for DMARC; deploy the data stack again`,
            )
          : pass(
              name,
              `${identity.name} uses SES's own MAIL FROM (an ${identity.found.IdentityType === 'DOMAIN' ? 'existing domain without one' : 'address identity'}: SPF does not align, DKIM must; docs/deploy.md, "Why not a bare address?")`,
            )
      }
      const records = `${mailFrom.MailFromDomain} MX 10 feedback-smtp.${region}.amazonses.com and TXT "v=spf1 include:amazonses.com ~all"`
      if (expected && mailFrom.MailFromDomain !== expected) {
        return fail(
          name,
          `${identity.name}'s MAIL FROM is ${mailFrom.MailFromDomain}, not ${expected} as the stage says: deploy the data stack again`,
        )
      }
      const status = mailFrom.MailFromDomainStatus
      if (status === 'SUCCESS') return pass(name, `${mailFrom.MailFromDomain} SUCCESS: SPF aligns`)
      return fail(
        name,
        status === 'PENDING'
          ? `${mailFrom.MailFromDomain} is still PENDING: SES looks for its MX record for up to 72 hours; verify again later (its records: ${records})`
          : `${mailFrom.MailFromDomain} is ${status}: SES cannot find its MX record, so mail leaves with SES's own MAIL FROM and SPF no longer aligns for DMARC (at p=quarantine, enquiries go to spam). Publish ${records} (the data stack writes them in its zone; without one, its MailFrom outputs), then SES checks again`,
      )
    },
  }
}
