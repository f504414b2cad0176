import {
  CloudFormationClient,
  DescribeStacksCommand,
  ListStackResourcesCommand,
  type StackResourceSummary,
} from '@aws-sdk/client-cloudformation'
import { CloudFrontClient, ListDistributionsCommand } from '@aws-sdk/client-cloudfront'
import {
  GetHostedZoneCommand,
  ListResourceRecordSetsCommand,
  type ResourceRecordSet,
  Route53Client,
} from '@aws-sdk/client-route-53'
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2'
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm'
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts'
import { mockClient } from 'aws-sdk-client-mock'
import type { ResolveNs } from '../preflight-dns.ts'
import type { StageCommandIo } from '../stage-command.ts'

/**
 * A recorded AWS account (aws-sdk-client-mock) as `npm run preflight` reads it before the
 * committed prod stage's first deploy (account 123456789012, zone elevate-digital.example): its
 * bootstrap, its zone (only its apex records) and public DNS's delegation, SES with no identity,
 * CloudFront with no distribution. Tests change one answer at a time.
 */
export const account = '123456789012'
export const zoneId = 'Z0000000000EXAMPLE'
export const nameServers = ['ns-1.awsdns-01.org', 'ns-2.awsdns-02.co.uk', 'ns-3.awsdns-03.com']
export const mocks = {
  sts: mockClient(STSClient),
  cfn: mockClient(CloudFormationClient),
  ssm: mockClient(SSMClient),
  route53: mockClient(Route53Client),
  ses: mockClient(SESv2Client),
  cloudFront: mockClient(CloudFrontClient),
}

export const awsError = (name: string, message: string) =>
  Object.assign(new Error(message), { name })
export const noStack = (stack: string) =>
  awsError('ValidationError', `Stack with id ${stack} does not exist`)

/** What the account holds that a test changes: the zone's records and public DNS's answer. */
export const recorded: { zoneRecords: ResourceRecordSet[]; resolveNs: ResolveNs } = {
  zoneRecords: [],
  resolveNs: async () => [],
}

/** A stack resource as ListStackResources lists it. */
export const resource = (type: string, physicalId: string): StackResourceSummary => ({
  ResourceType: type,
  PhysicalResourceId: physicalId,
  LogicalResourceId: physicalId.replace(/\W/g, ''),
  ResourceStatus: 'CREATE_COMPLETE',
  LastUpdatedTimestamp: new Date(),
})

/** Route 53's order: by name read from its last label, then by type. */
const zoneOrder = (name: string, type = '') =>
  `${name.toLowerCase().replace(/\.$/, '').split('.').reverse().join('.')} ${type}`

export function answerAsReadyForFirstDeploy() {
  for (const mock of Object.values(mocks)) mock.reset()
  const { sts, cfn, ssm, route53, ses, cloudFront } = mocks
  sts
    .on(GetCallerIdentityCommand)
    .resolves({ Account: account, Arn: `arn:aws:iam::${account}:role/ops` })
  cfn.on(DescribeStacksCommand).callsFake((input) => Promise.reject(noStack(input.StackName)))
  cfn.on(DescribeStacksCommand, { StackName: 'CDKToolkit' }).resolves({
    Stacks: [{ StackName: 'CDKToolkit', StackStatus: 'UPDATE_COMPLETE', CreationTime: new Date() }],
  })
  cfn.on(ListStackResourcesCommand).callsFake((input) => Promise.reject(noStack(input.StackName)))
  ssm.on(GetParameterCommand).resolves({ Parameter: { Value: '30' } })
  route53.on(GetHostedZoneCommand).resolves({
    HostedZone: {
      Id: zoneId,
      Name: 'elevate-digital.example.',
      CallerReference: 'x',
      Config: { PrivateZone: false },
    },
    DelegationSet: { NameServers: nameServers },
  })
  recorded.zoneRecords = [
    { Name: 'elevate-digital.example.', Type: 'NS' },
    { Name: 'elevate-digital.example.', Type: 'SOA' },
  ]
  // As Route 53 answers: the records at or after the name (and type) asked for, in its order.
  route53.on(ListResourceRecordSetsCommand).callsFake(async (input) => {
    const sorted = [...recorded.zoneRecords].sort((a, b) =>
      zoneOrder(a.Name ?? '', a.Type).localeCompare(zoneOrder(b.Name ?? '', b.Type)),
    )
    const start = zoneOrder(input.StartRecordName, input.StartRecordType)
    return {
      ResourceRecordSets: sorted
        .filter((set) => zoneOrder(set.Name ?? '', set.Type) >= start)
        .slice(0, input.MaxItems ?? 300),
    }
  })
  ses
    .on(GetAccountCommand)
    .resolves({ SendingEnabled: true, EnforcementStatus: 'HEALTHY', ProductionAccessEnabled: true })
  ses
    .on(GetEmailIdentityCommand)
    .rejects(awsError('NotFoundException', 'Email identity does not exist'))
  cloudFront.on(ListDistributionsCommand).resolves({
    DistributionList: { Items: [], Marker: '', MaxItems: 100, IsTruncated: false, Quantity: 0 },
  })
  recorded.resolveNs = async () => nameServers.map((server) => `${server}.`)
}

export function restoreAll() {
  for (const mock of Object.values(mocks)) mock.restore()
}

/** `runPreflight` of ops/preflight-cli.ts, which no module may import: each test file gives it. */
type PreflightRun = (
  args: readonly string[],
  io: StageCommandIo,
  deps?: { readonly resolveNs?: ResolveNs },
) => Promise<number>

/** `npm run preflight -- STAGE …` through `run`, against the recorded account: exit code and lines. */
export const preflightThrough =
  (run: PreflightRun) =>
  async (stage = 'prod', ...rest: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const code = await run(
      [stage, ...rest],
      { out: (text) => out.push(text), err: (text) => err.push(text), env: {} },
      { resolveNs: (domain, signal) => recorded.resolveNs(domain, signal) },
    )
    const lines = out.join('').trim().split('\n')
    return {
      code,
      lines,
      failed: lines.filter((line) => line.startsWith('FAIL')),
      err: err.join('\n'),
    }
  }
