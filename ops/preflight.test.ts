import {
  CloudFormationClient,
  DescribeStacksCommand,
  ListStackResourcesCommand,
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
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { TimeBudget } from './checks.ts'
import { type PreflightDeps, preflight as preflightOf } from './preflight.ts'
import { runPreflight } from './preflight-cli.ts'
import { stageConfig } from './stage-command.ts'

/**
 * `npm run preflight` against a recorded account (aws-sdk-client-mock): the committed prod stage
 * (account 123456789012, zone elevate-digital.example, a domain sender identity with DMARC) as a
 * healthy account answers for its first deploy, then each fault ops could meet, one at a time.
 */
const account = '123456789012'
const zoneId = 'Z0000000000EXAMPLE'
const nameServers = ['ns-1.awsdns-01.org', 'ns-2.awsdns-02.co.uk', 'ns-3.awsdns-03.com']
const sts = mockClient(STSClient)
const cfn = mockClient(CloudFormationClient)
const ssm = mockClient(SSMClient)
const route53 = mockClient(Route53Client)
const ses = mockClient(SESv2Client)
const cloudFront = mockClient(CloudFrontClient)
const mocks = [sts, cfn, ssm, route53, ses, cloudFront]

const awsError = (name: string, message: string) => Object.assign(new Error(message), { name })
const noStack = (stack: string) =>
  awsError('ValidationError', `Stack with id ${stack} does not exist`)
/** Records already in the zone (the first deploy's zone holds only its apex). */
let zoneRecords: ResourceRecordSet[]
let resolveNs: NonNullable<PreflightDeps['resolveNs']>

function healthyAccount() {
  for (const mock of mocks) mock.reset()
  sts
    .on(GetCallerIdentityCommand)
    .resolves({ Account: account, Arn: `arn:aws:iam::${account}:role/ops` })
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
  zoneRecords = [
    { Name: 'elevate-digital.example.', Type: 'NS' },
    { Name: 'elevate-digital.example.', Type: 'SOA' },
  ]
  // As Route 53 answers: the first record at or after the name and type asked for.
  route53.on(ListResourceRecordSetsCommand).callsFake(async (input) => {
    const key = (name: string, type: string) =>
      `${name.replace(/\.$/, '').split('.').reverse().join('.')} ${type}`
    const sorted = [...zoneRecords].sort((a, b) =>
      key(a.Name ?? '', a.Type ?? '').localeCompare(key(b.Name ?? '', b.Type ?? '')),
    )
    const start = key(input.StartRecordName, input.StartRecordType)
    return {
      ResourceRecordSets: sorted
        .filter((r) => key(r.Name ?? '', r.Type ?? '') >= start)
        .slice(0, 1),
    }
  })
  ses
    .on(GetAccountCommand)
    .resolves({ SendingEnabled: true, EnforcementStatus: 'HEALTHY', ProductionAccessEnabled: true })
  ses
    .on(GetEmailIdentityCommand)
    .rejects(awsError('NotFoundException', 'Email identity does not exist'))
  cloudFront.on(ListDistributionsCommand).resolves({
    DistributionList: { Items: [], Marker: '', MaxItems: 1, IsTruncated: false, Quantity: 0 },
  })
  resolveNs = async () => nameServers.map((server) => `${server}.`)
}

async function preflight(stage = 'prod', ...rest: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runPreflight(
    [stage, ...rest],
    { out: (text) => out.push(text), err: (text) => err.push(text), env: {} },
    {
      resolveNs: (domain, signal) => resolveNs(domain, signal),
    },
  )
  const lines = out.join('').trim().split('\n')
  return {
    code,
    lines,
    failed: lines.filter((line) => line.startsWith('FAIL')),
    err: err.join('\n'),
  }
}

beforeEach(healthyAccount)
afterAll(() => {
  for (const mock of mocks) mock.restore()
})

describe('npm run preflight', () => {
  it('passes a healthy account ready for its first deploy, one PASS line per check', async () => {
    const { code, lines, failed } = await preflight()
    expect(failed).toEqual([])
    expect(code).toBe(0)
    expect(lines.map((line) => line.split(/\s{2,}/)[1])).toEqual([
      'credentials and account',
      'CDK bootstrap in eu-west-2',
      'CDK bootstrap in us-east-1',
      'hosted zone',
      'zone delegated',
      'no existing A www.elevate-digital.example',
      'no existing AAAA www.elevate-digital.example',
      'no existing A api.elevate-digital.example',
      'no existing MX replies.elevate-digital.example',
      'no existing MX mail.elevate-digital.example',
      'no existing TXT mail.elevate-digital.example',
      'no existing TXT _dmarc.elevate-digital.example',
      'SES account',
      'SES identity elevate-digital.example',
      'CloudFront',
    ])
  })

  it('passes again once deployed: the records and identity are the stage’s own', async () => {
    zoneRecords.push(
      { Name: '_dmarc.elevate-digital.example.', Type: 'TXT' },
      { Name: 'www.elevate-digital.example.', Type: 'A' },
    )
    ses
      .on(GetEmailIdentityCommand)
      .resolves({ IdentityType: 'DOMAIN', VerifiedForSendingStatus: true })
    cfn.on(ListStackResourcesCommand).callsFake(async (input) => ({
      StackResourceSummaries:
        input.StackName === 'ElevateDigital-Data'
          ? [
              {
                ResourceType: 'AWS::Route53::RecordSet',
                PhysicalResourceId: '_dmarc.elevate-digital.example',
                LogicalResourceId: 'a',
                ResourceStatus: 'CREATE_COMPLETE',
                LastUpdatedTimestamp: new Date(),
              },
              {
                ResourceType: 'AWS::SES::EmailIdentity',
                PhysicalResourceId: 'elevate-digital.example',
                LogicalResourceId: 'b',
                ResourceStatus: 'CREATE_COMPLETE',
                LastUpdatedTimestamp: new Date(),
              },
            ]
          : [
              {
                ResourceType: 'AWS::Route53::RecordSet',
                PhysicalResourceId: 'www.elevate-digital.example',
                LogicalResourceId: 'c',
                ResourceStatus: 'CREATE_COMPLETE',
                LastUpdatedTimestamp: new Date(),
              },
            ],
    }))
    const { code, failed, lines } = await preflight()
    expect(failed).toEqual([])
    expect(code).toBe(0)
    expect(lines.join('\n')).toMatch(
      /PASS\s+no existing TXT _dmarc\.elevate-digital\.example\s+the stage's own/,
    )
  })

  const faults: [fault: string, arrange: () => void, line: RegExp, ...consequences: RegExp[]][] = [
    [
      'no credentials',
      () =>
        sts
          .on(GetCallerIdentityCommand)
          .rejects(
            awsError('CredentialsProviderError', 'Could not load credentials from any providers'),
          ),
      /FAIL\s+credentials and account .*set AWS_PROFILE/,
    ],
    [
      'credentials of another account',
      () =>
        sts
          .on(GetCallerIdentityCommand)
          .resolves({ Account: '999999999999', Arn: 'arn:aws:iam::999999999999:user/x' }),
      /FAIL\s+credentials and account\s+signed in to account 999999999999, but stage prod is in 123456789012/,
    ],
    [
      'no bootstrap in us-east-1',
      () =>
        cfn.on(DescribeStacksCommand).callsFake(async (_input, getClient) => {
          if ((await getClient().config.region()) === 'us-east-1') throw noStack('CDKToolkit')
          return {
            Stacks: [
              { StackName: 'CDKToolkit', StackStatus: 'CREATE_COMPLETE', CreationTime: new Date() },
            ],
          }
        }),
      /FAIL\s+CDK bootstrap in us-east-1\s+no CDKToolkit stack: run npx cdk bootstrap aws:\/\/123456789012\/us-east-1/,
    ],
    [
      'a bootstrap whose creation failed',
      () =>
        cfn
          .on(DescribeStacksCommand, { StackName: 'CDKToolkit' })
          .callsFake(async (_input, getClient) => ({
            Stacks: [
              {
                StackName: 'CDKToolkit',
                StackStatus:
                  (await getClient().config.region()) === 'eu-west-2'
                    ? 'ROLLBACK_COMPLETE'
                    : 'UPDATE_ROLLBACK_COMPLETE',
                CreationTime: new Date(),
              },
            ],
          })),
      /FAIL\s+CDK bootstrap in eu-west-2\s+CDKToolkit is ROLLBACK_COMPLETE: fix or delete it/,
    ],
    [
      'an old bootstrap in eu-west-2',
      () =>
        ssm.on(GetParameterCommand).callsFake(async (_input, getClient) => ({
          Parameter: { Value: (await getClient().config.region()) === 'eu-west-2' ? '4' : '30' },
        })),
      /FAIL\s+CDK bootstrap in eu-west-2\s+bootstrap version 4, the app needs 6/,
    ],
    [
      'no such hosted zone',
      () =>
        route53
          .on(GetHostedZoneCommand)
          .rejects(awsError('NoSuchHostedZone', 'No hosted zone found')),
      /FAIL\s+hosted zone\s+Z0000000000EXAMPLE is not a hosted zone of this account/,
      /FAIL\s+zone delegated\s+not checked: the hosted zone was not found/,
    ],
    [
      'a zone not delegated',
      () => {
        resolveNs = async () => ['ns1.registrar-parking.example']
      },
      /FAIL\s+zone delegated\s+public DNS names ns1\.registrar-parking\.example .*set these at the registrar/,
    ],
    [
      'an existing _dmarc record',
      () => zoneRecords.push({ Name: '_dmarc.elevate-digital.example.', Type: 'TXT' }),
      /FAIL\s+no existing TXT _dmarc\.elevate-digital\.example\s+it exists already.*remove dmarc from the stage/,
    ],
    [
      'an existing MX record on the reply subdomain',
      () => zoneRecords.push({ Name: 'replies.elevate-digital.example.', Type: 'MX' }),
      /FAIL\s+no existing MX replies\.elevate-digital\.example\s+it exists already.*set replySubdomain to a free label/,
    ],
    [
      'an existing mail. MX record',
      () => zoneRecords.push({ Name: 'mail.elevate-digital.example.', Type: 'MX' }),
      /FAIL\s+no existing MX mail\.elevate-digital\.example\s+it exists already/,
    ],
    [
      'an existing site name',
      () => zoneRecords.push({ Name: 'www.elevate-digital.example.', Type: 'AAAA' }),
      /FAIL\s+no existing AAAA www\.elevate-digital\.example\s+it exists already/,
    ],
    [
      'SES sending paused',
      () => ses.on(GetAccountCommand).resolves({ SendingEnabled: false }),
      /FAIL\s+SES account\s+sending is paused in eu-west-2/,
    ],
    [
      'SES account under review',
      () =>
        ses
          .on(GetAccountCommand)
          .resolves({ SendingEnabled: true, EnforcementStatus: 'PROBATION' }),
      /FAIL\s+SES account\s+SES enforcement status PROBATION/,
    ],
    [
      'the SES identity exists outside the stage',
      () =>
        ses
          .on(GetEmailIdentityCommand)
          .resolves({ IdentityType: 'DOMAIN', VerifiedForSendingStatus: true }),
      /FAIL\s+SES identity elevate-digital\.example\s+already an identity in eu-west-2.*AlreadyExists/,
    ],
    [
      'CloudFront refused',
      () =>
        cloudFront
          .on(ListDistributionsCommand)
          .rejects(
            awsError(
              'AccessDenied',
              'User is not authorized to perform cloudfront:ListDistributions',
            ),
          ),
      /FAIL\s+CloudFront\s+.*not authorized.*read access/,
    ],
  ]

  it.each(faults)('%s: its FAIL line and exit 1', async (_fault, arrange, ...lines) => {
    arrange()
    const { code, failed } = await preflight()
    expect(failed).toEqual(lines.map((line) => expect.stringMatching(line)))
    expect(code).toBe(1)
  })

  it('says the sandbox limits recipients, without failing', async () => {
    ses.on(GetAccountCommand).resolves({
      SendingEnabled: true,
      EnforcementStatus: 'HEALTHY',
      ProductionAccessEnabled: false,
    })
    const { code, lines } = await preflight()
    expect(lines.join('\n')).toMatch(
      /PASS\s+SES account\s+sandbox in eu-west-2: mail reaches verified identities only/,
    )
    expect(code).toBe(0)
  })

  it('fails a stage whose existing SES identities are not verified (staging)', async () => {
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'elevate-digital.example' })
      .resolves({ VerifiedForSendingStatus: false })
    const { code, failed } = await preflight('staging')
    expect(failed).toEqual([
      expect.stringMatching(
        /FAIL\s+SES identity for website@elevate-digital\.example\s+neither website@elevate-digital\.example nor elevate-digital\.example is a verified identity/,
      ),
      expect.stringMatching(/FAIL\s+SES identity for hello@elevate-digital\.example/),
    ])
    expect(code).toBe(1)
  })

  it('ends a call that never answers at the time limit, in one line, and checks nothing after', async () => {
    resolveNs = () => new Promise(() => {})
    const started = Date.now()
    const { code, failed, err } = await preflight('prod', '--timeout', '1')
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(failed[0]).toMatch(
      /FAIL\s+zone delegated\s+no NS answer for elevate-digital\.example \(CallTimedOut: no answer within/,
    )
    expect(failed.slice(1).every((line) => /not checked: the time limit ran out/.test(line))).toBe(
      true,
    )
    expect(err).toBe('')
    expect(code).toBe(1)
  })

  it('looks for the stage’s own MAIL FROM host, and leaves the domain’s DMARC when dmarc is unset', async () => {
    // The company's domain already has mail. records and its own DMARC: the stage moves MAIL FROM.
    zoneRecords.push(
      ...['_dmarc', 'mail'].map((label) => ({
        Name: `${label}.elevate-digital.example.`,
        Type: 'TXT' as const,
      })),
      { Name: 'mail.elevate-digital.example.', Type: 'MX' },
    )
    const { dmarc: _, ...prod } = stageConfig('prod', {})
    const run = () =>
      preflightOf({ ...prod, mailFromSubdomain: 'bounce' }, new TimeBudget(60_000), { resolveNs })
    const checked = (await run()).map((result) => `${result.outcome} ${result.check}`)
    expect(checked.filter((line) => /MX|TXT/.test(line))).toEqual([
      'PASS no existing MX replies.elevate-digital.example',
      'PASS no existing MX bounce.elevate-digital.example',
      'PASS no existing TXT bounce.elevate-digital.example',
    ])
    zoneRecords.push({ Name: 'bounce.elevate-digital.example.', Type: 'MX' })
    expect((await run()).filter((result) => result.outcome === 'FAIL')).toEqual([
      expect.objectContaining({
        check: 'no existing MX bounce.elevate-digital.example',
        detail: expect.stringMatching(/it exists already.*set mailFromSubdomain to a free label/),
      }),
    ])
  })

  it('refuses a stage that does not exist, with exit 2', async () => {
    const { code, err } = await preflight('nosuch')
    expect(err).toMatch(/There is no stage "nosuch"/)
    expect(code).toBe(2)
  })
})
