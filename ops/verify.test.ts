import { GetApiCommand } from '@aws-sdk/client-apigatewayv2'
import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation'
import {
  DescribeContinuousBackupsCommand,
  DescribeTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb'
import { DescribeRuleCommand } from '@aws-sdk/client-eventbridge'
import { GetFunctionEventInvokeConfigCommand } from '@aws-sdk/client-lambda'
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager'
import { GetAccountCommand, GetEmailIdentityCommand } from '@aws-sdk/client-sesv2'
import { GetParameterCommand } from '@aws-sdk/client-ssm'
import { describe, expect, it } from 'vitest'
import { enquiryStatusReader } from '#functions/canary/create-handler.ts'
import { mailFor } from '#local/mailbox.ts'
import { localTableName } from '#local/pipeline.ts'
import {
  type alarm,
  healthyIdentity,
  mocks,
  recordedAlarms,
  stack,
} from './testing/recorded-deployment.ts'
import { verifyHarness } from './testing/verify-harness.ts'
import { runVerify } from './verify-cli.ts'

/**
 * `npm run verify` against a recorded account whose site is the local stack
 * (./testing/verify-harness.ts): a healthy deployment, then each fault, one at a time. The rows
 * on the table's stream, the sender, the alarms' subscriptions, MAIL FROM and the stacks of the
 * edge are ops/verify-rows.test.ts's.
 */
const harness = verifyHarness(runVerify)
const { routedFetch } = harness
const verify = (...args: Parameters<typeof harness.verify>) => harness.verify(...args)

describe('npm run verify', () => {
  it('passes a healthy deployment, checking the local site through its HTTP checks', async () => {
    const { code, rows, failed } = await verify()
    expect(failed).toEqual([])
    expect(code).toBe(0)
    const checks = rows.slice(2, -2).map((row) => row.split('|')[1]?.trim())
    expect(checks).toEqual([
      'stacks deployed',
      'site through CloudFront',
      '/api/contacts through CloudFront',
      'API without the secret path',
      'execute-api name disabled',
      'table TTL',
      'table point-in-time recovery',
      'table stream',
      'table deletion protection',
      'enquiry sender',
      'data stack termination protection',
      'delivery-events DLQ',
      'retry schedule',
      'digest schedule',
      'canary schedule',
      'SES account',
      'SES identity and DKIM',
      'SES MAIL FROM',
      'alarm subscriptions',
      'alarms not firing',
      'distribution id parameter',
      'CloudFront alarms',
      'canary last run',
      'synthetic enquiry through the live pipeline',
    ])
    expect(rows.at(-1)).toBe('All 24 checks passed.')
    // Every stack of the stage, the edge's included.
    expect(rows[2]).toMatch(
      /ElevateDigital-Edge, ElevateDigital-Data, ElevateDigital, ElevateDigital-EdgeMonitoring/,
    )

    // Its one write: a synthetic enquiry, kept a day, e-mailed to the simulator only, delivered.
    const id = /enquiry ([0-9a-f-]{36}) posted through/.exec(rows.join('\n'))?.[1] as string
    const { pipeline } = harness
    const stored = await enquiryStatusReader(pipeline.table, pipeline.config.enquiriesTable)(
      id,
      AbortSignal.timeout(5_000),
    )
    expect(stored).toMatchObject({ synthetic: true, emailStatus: 'delivered' })
    expect(
      (stored?.expiresAt as number) - Math.floor(Date.parse(stored?.createdAt ?? '') / 1000),
    ).toBe(86_400)
    const mail = await mailFor(pipeline.mailboxUrl, id)
    expect(mail.map((email) => email.destination.to)).toEqual([['success@simulator.amazonses.com']])
  })

  const dropHeader = (header: string) => async (url: string, init: RequestInit) => {
    const response = await routedFetch(url, init)
    const headers = new Headers(response.headers)
    headers.delete(header)
    return new Response(await response.text(), { status: response.status, headers })
  }
  const canaryAlarm = (state: Parameters<typeof alarm>[1]) => {
    const [canary] = recordedAlarms.ElevateDigital ?? []
    Object.assign(canary ?? {}, state)
  }
  /** A fault, its FAIL row, and the synthetic enquiry's FAIL row where the fault stops it too. */
  const faults: [fault: string, arrange: () => unknown, row: RegExp, synthetic?: RegExp][] = [
    [
      'the site stack missing',
      () =>
        mocks.cfn.on(DescribeStacksCommand, { StackName: 'ElevateDigital' }).rejects(
          Object.assign(new Error('Stack with id ElevateDigital does not exist'), {
            name: 'ValidationError',
          }),
        ),
      /FAIL\s+\| stacks deployed\s+\| ElevateDigital \(eu-west-2\) not found/,
    ],
    [
      'a security header missing',
      () => dropHeader('content-security-policy'),
      /FAIL\s+\| site through CloudFront\s+\| missing or different security headers: Content-Security-Policy/,
    ],
    [
      'CloudFront’s origin path not the API’s secret',
      () => {
        harness.siteOutputs.SiteUrl = harness.bare.url
      },
      /FAIL\s+\| \/api\/contacts through CloudFront\s+\| .* answered 404: no route/,
      /FAIL\s+\| synthetic enquiry through the live pipeline \| enquiry accepted: POST \/api\/contacts answered 405/,
    ],
    [
      'the API answering without the secret path',
      () => {
        harness.apiHost = () => harness.site.url
      },
      /FAIL\s+\| API without the secret path\s+\| .* answered 405: the contact route is reachable around CloudFront/,
    ],
    [
      'the execute-api name still on',
      () =>
        mocks.api.on(GetApiCommand).resolves({
          Name: 'api',
          ProtocolType: 'HTTP',
          RouteSelectionExpression: 'x',
          ApiEndpoint: 'https://a1b2c3.execute-api.eu-west-2.amazonaws.com',
          DisableExecuteApiEndpoint: false,
        }),
      /FAIL\s+\| execute-api name disabled\s+\| https:\/\/a1b2c3\.execute-api\.eu-west-2\.amazonaws\.com still answers/,
    ],
    [
      'TTL off',
      () =>
        harness.dynamodb
          .on(DescribeTimeToLiveCommand)
          .resolves({ TimeToLiveDescription: { TimeToLiveStatus: 'DISABLED' } }),
      /FAIL\s+\| table TTL\s+\| TTL is DISABLED .*kept for ever/,
    ],
    [
      'point-in-time recovery off',
      () =>
        harness.dynamodb.on(DescribeContinuousBackupsCommand).resolves({
          ContinuousBackupsDescription: {
            ContinuousBackupsStatus: 'ENABLED',
            PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: 'DISABLED' },
          },
        }),
      /FAIL\s+\| table point-in-time recovery\s+\| DISABLED/,
    ],
    [
      'termination protection off',
      () =>
        mocks.cfn.on(DescribeStacksCommand, { StackName: 'ElevateDigital-Data' }).resolves({
          Stacks: [
            stack('ElevateDigital-Data', {
              EnableTerminationProtection: false,
              Outputs: [{ OutputKey: 'EnquiriesTableName', OutputValue: localTableName }],
            }),
          ],
        }),
      /FAIL\s+\| data stack termination protection\s+\| ElevateDigital-Data can be deleted/,
    ],
    [
      'the DLQ not the on-failure destination',
      () => mocks.lambda.on(GetFunctionEventInvokeConfigCommand).resolves({}),
      /FAIL\s+\| delivery-events DLQ\s+\| the function's on-failure destination is none/,
    ],
    [
      'the retry schedule disabled',
      () =>
        mocks.events
          .on(DescribeRuleCommand, { Name: 'retry-rule' })
          .resolves({ State: 'DISABLED' }),
      /FAIL\s+\| retry schedule\s+\| retry-rule is DISABLED: aws events enable-rule/,
    ],
    [
      'the digest schedule disabled',
      () =>
        mocks.events
          .on(DescribeRuleCommand, { Name: 'digest-rule' })
          .resolves({ State: 'DISABLED' }),
      /FAIL\s+\| digest schedule\s+\| digest-rule is DISABLED/,
    ],
    [
      'the canary schedule disabled',
      () =>
        mocks.events
          .on(DescribeRuleCommand, { Name: 'canary-rule' })
          .resolves({ State: 'DISABLED' }),
      /FAIL\s+\| canary schedule\s+\| no enabled schedule runs canary-fn/,
    ],
    [
      'SES under review',
      () =>
        mocks.ses
          .on(GetAccountCommand)
          .resolves({ SendingEnabled: true, EnforcementStatus: 'PROBATION' }),
      /FAIL\s+\| SES account\s+\| SES enforcement status PROBATION in eu-west-2/,
    ],
    [
      'DKIM records removed',
      () =>
        mocks.ses
          .on(GetEmailIdentityCommand)
          .resolves({ ...healthyIdentity, DkimAttributes: { Status: 'FAILED' } }),
      /FAIL\s+\| SES identity and DKIM\s+\| elevate-digital\.example is verified but DKIM is FAILED/,
    ],
    [
      'the sender not verified',
      () =>
        mocks.ses
          .on(GetEmailIdentityCommand)
          .resolves({ IdentityType: 'DOMAIN', VerifiedForSendingStatus: false }),
      /FAIL\s+\| SES identity and DKIM\s+\| no verified identity for website@elevate-digital\.example/,
      /FAIL\s+\| SES MAIL FROM\s+\| no verified identity for website@elevate-digital\.example/,
    ],
    [
      'the parameter holding an old distribution',
      () => mocks.ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'EOLDONE' } }),
      /FAIL\s+\| distribution id parameter\s+\| .*holds EOLDONE, the live distribution is E2EXAMPLE/,
    ],
    [
      'a CloudFront alarm on an old distribution',
      () => {
        const [cdn] = recordedAlarms['ElevateDigital-EdgeMonitoring'] ?? []
        if (cdn) cdn.Dimensions = [{ Name: 'DistributionId', Value: 'EOLDONE' }]
      },
      /FAIL\s+\| CloudFront alarms\s+\| cdn-5xx watch another distribution than E2EXAMPLE/,
    ],
    [
      'the canary failing',
      () => canaryAlarm({ StateValue: 'ALARM', StateReason: 'Threshold Crossed' }),
      /FAIL\s+\| canary last run\s+\| canary-alarm in ALARM: Threshold Crossed/,
    ],
    [
      'the canary never run',
      () => canaryAlarm({ StateValue: 'INSUFFICIENT_DATA' }),
      /FAIL\s+\| canary last run\s+\| canary-alarm has no data yet/,
    ],
    [
      'a secret that is not the key the contact function holds',
      () =>
        mocks.secrets
          .on(GetSecretValueCommand)
          .resolves({ SecretString: 'a-key-the-contact-function-does-not-hold' }),
      /FAIL\s+\| synthetic enquiry through the live pipeline \| stored as synthetic: stored as an ordinary enquiry/,
    ],
    [
      'the synthetic key unreadable',
      () =>
        mocks.secrets.on(GetSecretValueCommand).rejects(
          Object.assign(
            new Error('User is not authorized to perform secretsmanager:GetSecretValue'),
            {
              name: 'AccessDeniedException',
            },
          ),
        ),
      /FAIL\s+\| synthetic enquiry through the live pipeline \| .*not authorized.*need secretsmanager:GetSecretValue on arn:aws:secretsmanager:/,
    ],
    [
      'a WAF rule blocking the form',
      () => async (url: string, init: RequestInit) =>
        init.method === 'POST'
          ? new Response('<html>Forbidden</html>', { status: 403 })
          : routedFetch(url, init),
      /FAIL\s+\| synthetic enquiry through the live pipeline \| enquiry accepted: POST \/api\/contacts answered 403/,
    ],
  ]

  it.each(faults)('%s: its FAIL row and exit 1', async (_fault, arrange, row, synthetic) => {
    const fetcher = arrange()
    const { code, failed } = await verify(
      typeof fetcher === 'function' ? (fetcher as typeof routedFetch) : routedFetch,
    )
    expect(failed).toEqual(
      [row, ...(synthetic ? [synthetic] : [])].map((pattern) => expect.stringMatching(pattern)),
    )
    expect(code).toBe(1)
  })

  it('without the canary deployed, says so in its three rows', async () => {
    delete harness.siteOutputs.CanaryName
    delete harness.siteOutputs.CanaryAlarmName
    delete harness.siteOutputs.CanaryKeySecretArn
    const { code, failed } = await verify()
    expect(failed).toEqual([
      expect.stringMatching(
        /FAIL\s+\| canary schedule\s+\| the site stack has no CanaryName output: deploy the canary/,
      ),
      expect.stringMatching(
        /FAIL\s+\| canary last run\s+\| the site stack has no CanaryAlarmName output/,
      ),
      expect.stringMatching(
        /FAIL\s+\| synthetic enquiry through the live pipeline \| .*no CanaryKeySecretArn output: deploy this release first/,
      ),
    ])
    expect(code).toBe(1)
  })

  it('fails the rows whose request never answers at their time limit, and checks every other', async () => {
    const { code, rows, failed } = await verify(
      () => new Promise<Response>(() => {}),
      '--timeout',
      '1',
    )
    expect(failed).toEqual([
      expect.stringMatching(
        /FAIL\s+\| site through CloudFront\s+\| CallTimedOut: no answer within 1 s/,
      ),
      expect.stringMatching(/FAIL\s+\| \/api\/contacts through CloudFront\s+\| CallTimedOut/),
      expect.stringMatching(/FAIL\s+\| API without the secret path\s+\| CallTimedOut/),
      // Its home page never answers either (a fetch deaf to its abort signal: the worst case).
      expect.stringMatching(
        /FAIL\s+\| synthetic enquiry through the live pipeline \| CallTimedOut: no answer within 1 s/,
      ),
    ])
    expect(rows.filter((row) => row.startsWith('PASS'))).toHaveLength(20)
    expect(code).toBe(1)
  })
})
