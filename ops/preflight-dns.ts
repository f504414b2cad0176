import { Resolver } from 'node:dns/promises'
import {
  GetHostedZoneCommand,
  type GetHostedZoneCommandOutput,
  ListResourceRecordSetsCommand,
  type ResourceRecordSet,
  Route53Client,
} from '@aws-sdk/client-route-53'
import { type StageRecord, stageDnsRecords } from '#infra/dns-records.ts'
import { CLOUDFRONT_REGION, stageResourceNames } from '#infra/stack-names.ts'
import type { DeployConfig } from '#infra/stage-settings.ts'
import type { AwsAccount } from './aws-account.ts'
import {
  type Check,
  type CheckResult,
  explain,
  fail,
  isNotFound,
  pass,
  sameHost,
} from './checks.ts'

/**
 * The DNS half of `npm run preflight`: the stage's hosted zone, its delegation in public DNS, and
 * every record the stage writes there (infra/dns-records.ts) against what the zone already
 * holds. Route 53 refuses a record of a type that is already at its name, and any record beside
 * a CNAME (old sites often have `www` as one): either fails the stack, which rolls back.
 */

/** The name servers public DNS gives for a domain. */
export type ResolveNs = (domain: string, signal: AbortSignal) => Promise<string[]>

/** Public DNS's NS answer, through the system's resolvers, one try with its own timeout. */
export async function systemResolveNs(domain: string, signal: AbortSignal): Promise<string[]> {
  const resolver = new Resolver({ timeout: 5_000, tries: 1 })
  signal.addEventListener('abort', () => resolver.cancel(), { once: true })
  return resolver.resolveNs(domain)
}

export function zoneChecks(aws: AwsAccount, config: DeployConfig, resolveNs: ResolveNs): Check[] {
  const zone = config.domain?.hostedZone
  if (!zone) {
    const why = config.domain
      ? `${config.domain.domainName} has no hosted zone here: its CNAME records are yours to create (stack outputs), the API's before the form works`
      : 'the stage has no domain (its *.cloudfront.net name)'
    return [{ name: 'hosted zone', run: async () => pass('hosted zone', `none needed: ${why}`) }]
  }
  const route53 = aws.client(Route53Client, CLOUDFRONT_REGION)
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
      const records = stageDnsRecords(config)
      if (records.length === 0) return pass('records the stage creates', 'none with a known name')
      const owned = await ownedRecordNames(aws, config)
      const atName = new Map<string, ResourceRecordSet[]>()
      const results: CheckResult[] = []
      for (const record of records) {
        const key = record.name.toLowerCase()
        if (!atName.has(key)) {
          atName.set(key, await recordsAt(aws, route53, zone.hostedZoneId, record.name))
        }
        results.push(recordResult(record, atName.get(key) ?? [], owned))
      }
      return results
    },
  }
  return [zoneCheck, delegatedCheck, recordsCheck]
}

/** Every record set the zone holds at `name`, whatever its type. */
async function recordsAt(
  aws: AwsAccount,
  route53: Route53Client,
  hostedZoneId: string,
  name: string,
): Promise<ResourceRecordSet[]> {
  // Route 53 lists by name, then type: a name's records come one after another from it.
  const { ResourceRecordSets = [] } = await aws.budget.ask((abortSignal) =>
    route53.send(
      new ListResourceRecordSetsCommand({
        HostedZoneId: hostedZoneId,
        StartRecordName: name,
        MaxItems: 100,
      }),
      { abortSignal },
    ),
  )
  return ResourceRecordSets.filter((set) => sameHost(set.Name ?? '', name))
}

/** Names of the records the stage's own stacks wrote: theirs to update (a record set's Ref is its name). */
async function ownedRecordNames(aws: AwsAccount, config: DeployConfig): Promise<string[]> {
  const names = stageResourceNames(config.stackName)
  const stacks: [string, string][] = [
    [config.env.region, names.site],
    [config.env.region, names.data],
    [CLOUDFRONT_REGION, names.edge],
  ]
  const ids = await Promise.all(
    stacks.map(([region, stack]) =>
      aws.stackResourceIds(region, stack, ['AWS::Route53::RecordSet']),
    ),
  )
  return ids.flat()
}

/** What the zone holds that the stage's record cannot be written beside, if anything. */
function conflictWith(record: StageRecord, existing: readonly ResourceRecordSet[]) {
  return (
    existing.find((set) => set.Type === 'CNAME' && record.type !== 'CNAME') ??
    existing.find((set) => set.Type === record.type) ??
    (record.type === 'CNAME' ? existing[0] : undefined)
  )
}

function recordResult(
  record: StageRecord,
  existing: readonly ResourceRecordSet[],
  owned: readonly string[],
): CheckResult {
  const check = `can create ${record.type} ${record.name}`
  const conflict = conflictWith(record, existing)
  if (!conflict) return pass(check, `free: ${record.purpose}`)
  if (owned.some((name) => sameHost(name, record.name))) {
    return pass(check, "the stage's own (its stack wrote it)")
  }
  const why =
    conflict.Type === 'CNAME' && record.type !== 'CNAME'
      ? `Route 53 allows no other record beside a CNAME, so the stage's ${record.type} (${record.purpose}) cannot be written and the deploy would roll back`
      : `the stage writes its own ${record.type} there (${record.purpose}), and creating a record that exists fails the stack`
  return fail(check, `${described(conflict)} is there already: ${why}. To do: ${record.remedy}`)
}

/** A record set as ops would recognise it: its type and where it points. */
function described(set: ResourceRecordSet): string {
  if (set.AliasTarget?.DNSName) {
    return `an alias ${set.Type} to ${set.AliasTarget.DNSName.replace(/\.$/, '')}`
  }
  const values = (set.ResourceRecords ?? []).map((record) => record.Value ?? '')
  const shown = values.slice(0, 2).join(', ') + (values.length > 2 ? ', …' : '')
  return `${set.Type === 'A' || set.Type === 'AAAA' || set.Type === 'MX' ? 'an' : 'a'} ${set.Type} record${shown ? ` (${shown})` : ''}`
}
