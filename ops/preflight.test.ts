import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation'
import { ListDistributionsCommand } from '@aws-sdk/client-cloudfront'
import { GetHostedZoneCommand } from '@aws-sdk/client-route-53'
import { GetAccountCommand, GetEmailIdentityCommand } from '@aws-sdk/client-sesv2'
import { GetParameterCommand } from '@aws-sdk/client-ssm'
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { runPreflight } from './preflight-cli.ts'
import {
  answerAsReadyForFirstDeploy,
  awsError,
  mocks,
  noStack,
  preflightThrough,
  recorded,
  restoreAll,
} from './testing/recorded-account.ts'

/**
 * `npm run preflight` against a recorded account (aws-sdk-client-mock): the committed prod stage
 * (account 123456789012, zone elevate-digital.example, a domain sender identity with DMARC) as a
 * healthy account answers for its first deploy, then each fault ops could meet, one at a time.
 * The records the stage writes are ops/preflight-dns.test.ts's; stages that share an account,
 * ops/preflight-stages.test.ts's.
 */
const { sts, cfn, ssm, route53, ses, cloudFront } = mocks

beforeEach(answerAsReadyForFirstDeploy)
afterAll(restoreAll)
const preflight = preflightThrough(runPreflight)

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
      'can create A www.elevate-digital.example',
      'can create AAAA www.elevate-digital.example',
      'can create A api.elevate-digital.example',
      'can create MX replies.elevate-digital.example',
      'can create MX mail.elevate-digital.example',
      'can create TXT mail.elevate-digital.example',
      'can create TXT _dmarc.elevate-digital.example',
      'SES account',
      'SES identity elevate-digital.example',
      'CloudFront',
    ])
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
        recorded.resolveNs = async () => ['ns1.registrar-parking.example']
      },
      /FAIL\s+zone delegated\s+public DNS names ns1\.registrar-parking\.example .*set these at the registrar/,
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

  it('ends a call that never answers at the time limit, in one line, and checks nothing after', async () => {
    recorded.resolveNs = () => new Promise(() => {})
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

  it('refuses a stage that does not exist, with exit 2', async () => {
    const { code, err } = await preflight('nosuch')
    expect(err).toMatch(/There is no stage "nosuch"/)
    expect(code).toBe(2)
  })
})
