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
import { domainOf } from '#infra/constructs/email-identities.ts'
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
  return [
    sesAccountCheck(aws, region),
    {
      name: 'SES identity and DKIM',
      run: async () => {
        const name = 'SES identity and DKIM'
        for (const identity of candidates) {
          const found = await sesIdentity(aws, region, identity)
          if (!found?.VerifiedForSendingStatus) continue
          const dkim = found.DkimAttributes?.Status
          if (found.IdentityType === 'DOMAIN' && dkim !== 'SUCCESS') {
            return fail(
              name,
              `${identity} is verified but DKIM is ${dkim ?? 'off'}: publish its three DKIM CNAME records again (stack outputs or the hosted zone)`,
            )
          }
          return pass(
            name,
            `${identity} verified${dkim === 'SUCCESS' ? ', DKIM signing' : ' (an address: signed with DKIM only if its domain is verified too)'}`,
          )
        }
        return fail(
          name,
          `no verified identity for ${sender} in ${region} (${candidates.join(', ')}): verify it (docs/deploy.md)`,
        )
      },
    },
  ]
}
