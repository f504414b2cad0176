import {
  CloudFrontClient,
  type DistributionSummary,
  paginateListDistributions,
} from '@aws-sdk/client-cloudfront'
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm'
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts'
import { domainOf, identityPlan } from '#infra/constructs/email-identities.ts'
import { CLOUDFRONT_REGION, stageResourceNames } from '#infra/stack-names.ts'
import type { DeployConfig } from '#infra/stage-settings.ts'
import { stages } from '#infra/stages.ts'
import { AwsAccount, outputsOf } from './aws-account.ts'
import {
  type Check,
  type CheckResult,
  fail,
  isNotFound,
  pass,
  runChecks,
  sameHost,
  type TimeBudget,
} from './checks.ts'
import { type ResolveNs, systemResolveNs, zoneChecks } from './preflight-dns.ts'
import { sesAccountCheck, sesIdentity } from './ses-account.ts'
import { stageConfig } from './stage-command.ts'

/**
 * `npm run preflight -- STAGE`: what a first deploy would trip over, read from the target account
 * and DNS before CloudFormation is touched. Reads only.
 */

/** The oldest CDK bootstrap the app's templates accept (their BootstrapVersion rule). */
export const MIN_BOOTSTRAP_VERSION = 6
const BOOTSTRAP_VERSION_PARAMETER = '/cdk-bootstrap/hnb659fds/version'

export interface PreflightDeps {
  /** The name servers public DNS gives for a domain (node:dns by default). */
  readonly resolveNs?: ResolveNs
}

export async function preflight(
  config: DeployConfig,
  budget: TimeBudget,
  deps: PreflightDeps = {},
): Promise<CheckResult[]> {
  const aws = new AwsAccount(budget)
  try {
    const identity = await runChecks([credentialsCheck(aws, config)], budget)
    // In the wrong account (or none) every other answer would mislead.
    if (identity.some((result) => result.outcome === 'FAIL')) return identity
    const regions = [...new Set([config.env.region, CLOUDFRONT_REGION])]
    const checks: Check[] = [
      ...regions.map((region) => bootstrapCheck(aws, config, region)),
      ...zoneChecks(aws, config, deps.resolveNs ?? systemResolveNs),
      ...sesChecks(aws, config),
      cloudFrontCheck(aws, config),
    ]
    return [...identity, ...(await runChecks(checks, budget))]
  } finally {
    aws.close()
  }
}

function credentialsCheck(aws: AwsAccount, config: DeployConfig): Check {
  const name = 'credentials and account'
  return {
    name,
    run: async () => {
      const sts = aws.client(STSClient, config.env.region)
      const { Account, Arn } = await aws.budget.ask((abortSignal) =>
        sts.send(new GetCallerIdentityCommand({}), { abortSignal }),
      )
      const expected = config.env.account
      if (expected && Account !== expected) {
        return fail(
          name,
          `signed in to account ${Account}, but stage ${config.stage} is in ${expected}: use that account's profile (AWS_PROFILE), or correct infra/stages.ts`,
        )
      }
      return pass(
        name,
        `${Arn} in account ${Account}${expected ? '' : ` (stage ${config.stage} names no account: it deploys here)`}`,
      )
    },
  }
}

function bootstrapCheck(aws: AwsAccount, config: DeployConfig, region: string): Check {
  const name = `CDK bootstrap in ${region}`
  const todo = `run npx cdk bootstrap aws://${config.env.account ?? 'ACCOUNT'}/${region}`
  return {
    name,
    run: async () => {
      const stack = await aws.stack(region, 'CDKToolkit')
      if (!stack) return fail(name, `no CDKToolkit stack: ${todo}`)
      // A bootstrap whose last update rolled back still works; one that never got created does not.
      if (!/^(CREATE|UPDATE|UPDATE_ROLLBACK|IMPORT)_COMPLETE$/.test(stack.StackStatus ?? '')) {
        return fail(name, `CDKToolkit is ${stack.StackStatus}: fix or delete it, then ${todo}`)
      }
      const ssm = aws.client(SSMClient, region)
      let version: number
      try {
        const { Parameter } = await aws.budget.ask((abortSignal) =>
          ssm.send(new GetParameterCommand({ Name: BOOTSTRAP_VERSION_PARAMETER }), { abortSignal }),
        )
        version = Number(Parameter?.Value)
      } catch (error) {
        if (!isNotFound(error)) throw error
        return fail(name, `no ${BOOTSTRAP_VERSION_PARAMETER} parameter: ${todo}`)
      }
      if (!(version >= MIN_BOOTSTRAP_VERSION)) {
        return fail(
          name,
          `bootstrap version ${version}, the app needs ${MIN_BOOTSTRAP_VERSION} or later: ${todo}`,
        )
      }
      return pass(name, `CDKToolkit ${stack.StackStatus}, version ${version}`)
    },
  }
}

function sesChecks(aws: AwsAccount, config: DeployConfig): Check[] {
  const region = config.env.region
  const identityOf = (name: string) => sesIdentity(aws, region, name)
  const plan = identityPlan(config)
  const created = plan.created.map(
    (name): Check => ({
      name: `SES identity ${name}`,
      run: async () => {
        const check = `SES identity ${name}`
        const found = await identityOf(name)
        if (!found) return pass(check, 'the stage creates it')
        const owned = await aws.stackResourceIds(
          region,
          stageResourceNames(config.stackName).data,
          ['AWS::SES::EmailIdentity'],
        )
        if (owned.some((id) => sameHost(id, name))) return pass(check, "the stage's own")
        return fail(
          check,
          `already an identity in ${region}, so creating it would fail (AlreadyExists): use it with senderIdentity/recipientIdentity 'existing' in infra/stages.ts`,
        )
      },
    }),
  )
  const existing = [
    config.senderIdentity === 'existing' && config.senderEmail,
    config.recipientIdentity === 'existing' && config.agencyEmail,
  ].flatMap((address) =>
    address
      ? [
          {
            name: `SES identity for ${address}`,
            run: async () => {
              const check = `SES identity for ${address}`
              const candidates = [address, domainOf(address)]
              const unverified: string[] = []
              for (const name of candidates) {
                const found = await identityOf(name)
                if (found?.VerifiedForSendingStatus) return pass(check, `${name} is verified`)
                if (found) unverified.push(name)
              }
              const state = unverified.length
                ? `${unverified.join(' and ')} ${unverified.length === 1 ? 'is' : 'are'} not verified yet`
                : `neither ${address} nor ${domainOf(address)} is an identity`
              const creator = creatorOf(config, candidates)
              return fail(
                check,
                creator
                  ? `${state} in ${region}, and stage ${creator.stage} creates ${creator.identity}: deploy ${creator.stage} first (npm run deploy -- ${creator.stage}) and let it verify, then this stage; or give ${config.stage} an identity of its own ('address') in infra/stages.ts`
                  : `${state} in ${region}: verify one first, or let the stage create it (senderIdentity 'address' or 'domain', recipientIdentity 'create')`,
              )
            },
          } satisfies Check,
        ]
      : [],
  )
  return [sesAccountCheck(aws, region), ...created, ...existing]
}

/**
 * The committed stage (infra/stages.ts) that creates one of `identities` in this stage's account
 * and region, if any: the one an 'existing' identity waits for.
 */
function creatorOf(
  config: DeployConfig,
  identities: readonly string[],
): { stage: string; identity: string } | undefined {
  for (const stage of Object.keys(stages)) {
    if (stage === config.stage) continue
    let other: DeployConfig
    try {
      other = stageConfig(stage, {})
    } catch {
      continue // a stage whose settings do not hold is refused by its own commands
    }
    if (other.env.account !== config.env.account || other.env.region !== config.env.region) {
      continue
    }
    const identity = identityPlan(other).created.find((name) =>
      identities.some((wanted) => sameHost(wanted, name)),
    )
    if (identity) return { stage, identity }
  }
  return undefined
}

/**
 * CloudFront may be used, and, with a domain, no other distribution of the account already
 * serves it: CloudFront refuses an alternate domain name another distribution has
 * (CNAMEAlreadyExists), an old site's distribution often does.
 */
function cloudFrontCheck(aws: AwsAccount, config: DeployConfig): Check {
  const name = 'CloudFront'
  return {
    name,
    run: async () => {
      const cloudFront = aws.client(CloudFrontClient, CLOUDFRONT_REGION)
      const domainName = config.domain?.domainName
      const serving: DistributionSummary[] = []
      await aws.budget.ask(async (abortSignal) => {
        for await (const page of paginateListDistributions(
          { client: cloudFront, pageSize: 100 },
          {},
        )) {
          if (abortSignal.aborted) break
          for (const distribution of page.DistributionList?.Items ?? []) {
            const aliases = distribution.Aliases?.Items ?? []
            if (domainName && aliases.some((alias) => sameHost(alias, domainName))) {
              serving.push(distribution)
            }
          }
          if (!domainName) break
        }
      })
      const own = outputsOf(
        await aws.stack(config.env.region, stageResourceNames(config.stackName).site),
      ).DistributionId
      const other = serving.find((distribution) => distribution.Id !== own)
      if (domainName && other) {
        return fail(
          name,
          `${domainName} is already an alternate domain name of distribution ${other.Id} (${other.DomainName}) in this account: CloudFront refuses it on a second one (CNAMEAlreadyExists). Remove it from that distribution at the cut-over (docs/deploy.md, "Cut-over from an existing site"), or give the stage another domainName`,
        )
      }
      return pass(
        name,
        `usable in the account${domainName ? `, ${domainName} on no other distribution of it` : ''} (a brand-new account may still need AWS Support to verify it before the first distribution)`,
      )
    },
  }
}
