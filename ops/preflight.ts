import { Resolver } from 'node:dns/promises'
import { CloudFrontClient, ListDistributionsCommand } from '@aws-sdk/client-cloudfront'
import {
  GetHostedZoneCommand,
  type GetHostedZoneCommandOutput,
  ListResourceRecordSetsCommand,
  Route53Client,
} from '@aws-sdk/client-route-53'
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm'
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts'
import { domainOf, identityPlan, mailFromDomainOf } from '#infra/constructs/email-identities.ts'
import { CLOUDFRONT_REGION, stageResourceNames } from '#infra/stack-names.ts'
import type { DeployConfig } from '#infra/stage-settings.ts'
import { AwsAccount } from './aws-account.ts'
import {
  type Check,
  type CheckResult,
  explain,
  fail,
  isNotFound,
  pass,
  runChecks,
  sameHost,
  type TimeBudget,
} from './checks.ts'
import { sesAccountCheck, sesIdentity } from './ses-account.ts'

/**
 * `npm run preflight -- STAGE`: what a first deploy would trip over, read from the target account
 * and DNS before CloudFormation is touched. Reads only.
 */

/** The oldest CDK bootstrap the app's templates accept (their BootstrapVersion rule). */
export const MIN_BOOTSTRAP_VERSION = 6
const BOOTSTRAP_VERSION_PARAMETER = '/cdk-bootstrap/hnb659fds/version'

export interface PreflightDeps {
  /** The name servers public DNS gives for a domain (node:dns by default). */
  readonly resolveNs?: (domain: string, signal: AbortSignal) => Promise<string[]>
}

/** Public DNS's NS answer, through the system's resolvers, one try with its own timeout. */
async function systemResolveNs(domain: string, signal: AbortSignal): Promise<string[]> {
  const resolver = new Resolver({ timeout: 5_000, tries: 1 })
  signal.addEventListener('abort', () => resolver.cancel(), { once: true })
  return resolver.resolveNs(domain)
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
      cloudFrontCheck(aws),
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

/** The records the stage writes into its hosted zone whose names are known before it exists. */
export function plannedRecords(
  config: DeployConfig,
): { name: string; type: string; leave: string }[] {
  const domain = config.domain
  const zone = domain?.hostedZone
  if (!domain || !zone) return []
  const records = [
    { name: domain.domainName, type: 'A', leave: 'give the stage a domainName nobody uses yet' },
    { name: domain.domainName, type: 'AAAA', leave: 'give the stage a domainName nobody uses yet' },
    { name: domain.api.domainName, type: 'A', leave: 'set apiDomainName to a free name' },
    ...(config.replyDomain
      ? [{ name: config.replyDomain, type: 'MX', leave: 'set replySubdomain to a free label' }]
      : []),
  ]
  const senderDomain = domainOf(config.senderEmail)
  if (config.senderIdentity === 'domain' && sameHost(zone.zoneName, senderDomain)) {
    const mailFrom = mailFromDomainOf(senderDomain, config.mailFromSubdomain)
    const leave = `${mailFrom} is SES's MAIL FROM host for a domain identity: set mailFromSubdomain to a free label (e.g. bounce), or use senderIdentity 'existing' (docs/deploy.md)`
    records.push({ name: mailFrom, type: 'MX', leave }, { name: mailFrom, type: 'TXT', leave })
    // Without dmarc the stage writes no _dmarc record: the domain's own is left alone.
    if (config.dmarc) {
      records.push({
        name: `_dmarc.${senderDomain}`,
        type: 'TXT',
        leave:
          'the domain publishes its own DMARC: remove dmarc from the stage in infra/stages.ts to leave it (docs/deploy.md)',
      })
    }
  }
  return records
}

function zoneChecks(
  aws: AwsAccount,
  config: DeployConfig,
  resolveNs: NonNullable<PreflightDeps['resolveNs']>,
): Check[] {
  const zone = config.domain?.hostedZone
  if (!zone) {
    const why = config.domain
      ? `${config.domain.domainName} has no hosted zone here: its CNAME records are yours to create (stack outputs), the API's before the form works`
      : 'the stage has no domain (its *.cloudfront.net name)'
    return [{ name: 'hosted zone', run: async () => pass('hosted zone', `none needed: ${why}`) }]
  }
  const route53 = aws.client(Route53Client, CLOUDFRONT_REGION)
  const names = stageResourceNames(config.stackName)
  const delegation: { nameServers?: string[] } = {}
  const zoneCheck: Check = {
    name: 'hosted zone',
    run: async () => {
      let found: GetHostedZoneCommandOutput
      try {
        found = await aws.budget.ask((abortSignal) =>
          route53.send(new GetHostedZoneCommand({ Id: zone.hostedZoneId }), { abortSignal }),
        )
      } catch (error) {
        if (!isNotFound(error)) throw error
        return fail(
          'hosted zone',
          `${zone.hostedZoneId} is not a hosted zone of this account: correct hostedZoneId in infra/stages.ts`,
        )
      }
      if (!sameHost(found.HostedZone?.Name ?? '', zone.zoneName)) {
        return fail(
          'hosted zone',
          `${zone.hostedZoneId} is ${found.HostedZone?.Name}, not ${zone.zoneName}: correct hostedZoneId or hostedZoneName`,
        )
      }
      if (found.HostedZone?.Config?.PrivateZone) {
        return fail(
          'hosted zone',
          `${zone.zoneName} (${zone.hostedZoneId}) is private: the site needs a public zone`,
        )
      }
      delegation.nameServers = found.DelegationSet?.NameServers ?? []
      return pass('hosted zone', `${zone.zoneName} (${zone.hostedZoneId})`)
    },
  }
  const delegatedCheck: Check = {
    name: 'zone delegated',
    run: async () => {
      const expected = delegation.nameServers
      if (!expected) return fail('zone delegated', 'not checked: the hosted zone was not found')
      let published: string[]
      try {
        published = await aws.budget.ask((signal) => resolveNs(zone.zoneName, signal))
      } catch (error) {
        return fail(
          'zone delegated',
          `no NS answer for ${zone.zoneName} (${explain(error)}): set the domain's name servers at its registrar to ${expected.join(', ')}`,
        )
      }
      const ours = (host: string) => expected.some((server) => sameHost(server, host))
      if (published.length === 0 || !published.every(ours)) {
        return fail(
          'zone delegated',
          `public DNS names ${published.join(', ') || 'no name servers'} for ${zone.zoneName}, not the zone's ${expected.join(', ')}: set these at the registrar, or ACM's validation never completes`,
        )
      }
      return pass(
        'zone delegated',
        `public DNS answers with the zone's ${published.length} name servers`,
      )
    },
  }
  const recordsCheck: Check = {
    name: 'records the stage creates',
    run: async () => {
      const records = plannedRecords(config)
      // A record the stage's own stacks wrote is theirs to update (Ref of a record set is its name).
      const owned = (
        await Promise.all(
          [names.site, names.data].map((stack) =>
            aws.stackResourceIds(config.env.region, stack, 'AWS::Route53::RecordSet'),
          ),
        )
      ).flat()
      const results: CheckResult[] = []
      for (const record of records) {
        const check = `no existing ${record.type} ${record.name}`
        const { ResourceRecordSets } = await aws.budget.ask((abortSignal) =>
          route53.send(
            new ListResourceRecordSetsCommand({
              HostedZoneId: zone.hostedZoneId,
              StartRecordName: record.name,
              StartRecordType: record.type as 'A',
              MaxItems: 1,
            }),
            { abortSignal },
          ),
        )
        const existing = ResourceRecordSets?.find(
          (set) => set.Type === record.type && sameHost(set.Name ?? '', record.name),
        )
        if (!existing) results.push(pass(check, 'free'))
        else if (owned.some((id) => sameHost(id, record.name))) {
          results.push(pass(check, "the stage's own (its stack wrote it)"))
        } else {
          results.push(
            fail(check, `it exists already, and creating it would fail the stack: ${record.leave}`),
          )
        }
      }
      return results.length > 0
        ? results
        : pass('records the stage creates', 'none with a known name')
    },
  }
  return [zoneCheck, delegatedCheck, recordsCheck]
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
          'AWS::SES::EmailIdentity',
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
              for (const name of [address, domainOf(address)]) {
                if ((await identityOf(name))?.VerifiedForSendingStatus) {
                  return pass(check, `${name} is verified`)
                }
              }
              return fail(
                check,
                `neither ${address} nor ${domainOf(address)} is a verified identity in ${region}: verify one first, or let the stage create it`,
              )
            },
          } satisfies Check,
        ]
      : [],
  )
  return [sesAccountCheck(aws, region), ...created, ...existing]
}

function cloudFrontCheck(aws: AwsAccount): Check {
  return {
    name: 'CloudFront',
    run: async () => {
      const cloudFront = aws.client(CloudFrontClient, CLOUDFRONT_REGION)
      await aws.budget.ask((abortSignal) =>
        cloudFront.send(new ListDistributionsCommand({ MaxItems: 1 }), { abortSignal }),
      )
      return pass(
        'CloudFront',
        'usable in the account (a brand-new account may still need AWS Support to verify it before the first distribution)',
      )
    },
  }
}
