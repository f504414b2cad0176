import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation'
import { DescribeAlarmsCommand } from '@aws-sdk/client-cloudwatch'
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb'
import { GetEmailIdentityCommand } from '@aws-sdk/client-sesv2'
import type { Subscription } from '@aws-sdk/client-sns'
import { describe, expect, it } from 'vitest'
import {
  edgeTopicArn,
  healthyIdentity,
  healthyTable,
  mocks,
  opsTopicArn,
  recordedAlarms,
  recordedMapping,
  recordedSubscriptions,
  streamArn,
} from './testing/recorded-deployment.ts'
import { verifyHarness } from './testing/verify-harness.ts'
import { runVerify } from './verify-cli.ts'

/**
 * The rows of `npm run verify` that prove what a green deploy does not: someone receives the
 * alarms, none fires, every stack of the stage is there, the table's stream and deletion
 * protection are on, the stream starts the enquiry sender, SES found the MAIL FROM host, and one
 * slow call cannot starve the synthetic enquiry. Each broken in a recorded account, one at a time.
 */
const harness = verifyHarness(runVerify)

const pending = (topic: string, endpoint = 'ops@elevate-digital.example'): Subscription => ({
  TopicArn: topic,
  SubscriptionArn: 'PendingConfirmation',
  Protocol: 'email',
  Endpoint: endpoint,
})
const table = (more: Record<string, unknown>) =>
  harness.dynamodb.on(DescribeTableCommand).resolves({ Table: { ...healthyTable, ...more } })
const mailFrom = (status: string | undefined) =>
  mocks.ses.on(GetEmailIdentityCommand).resolves({
    ...healthyIdentity,
    MailFromAttributes: status
      ? { ...healthyIdentity.MailFromAttributes, MailFromDomainStatus: status as 'FAILED' }
      : undefined,
  })
const missingStack = (name: string) =>
  mocks.cfn
    .on(DescribeStacksCommand, { StackName: name })
    .rejects(
      Object.assign(new Error(`Stack with id ${name} does not exist`), { name: 'ValidationError' }),
    )
const uuid = recordedMapping.current.UUID ?? '6f1e2d3c-0000-4000-8000-000000000000'

describe('npm run verify: each row a proof', () => {
  /** A fault, and the FAIL rows it must give (exit 1), in the table's order. */
  const faults: [fault: string, arrange: () => unknown, ...rows: RegExp[]][] = [
    [
      'the ops e-mail subscription still pending',
      () => {
        recordedSubscriptions[opsTopicArn] = [pending(opsTopicArn)]
      },
      /FAIL\s+\| alarm subscriptions\s+\| ops@elevate-digital\.example has not confirmed ElevateDigital-OpsTopic \(eu-west-2\): nothing reaches it until then; open AWS's "Subscription Confirmation" e-mail at ops@elevate-digital\.example/,
    ],
    [
      'the us-east-1 subscription still pending',
      () => {
        recordedSubscriptions[edgeTopicArn] = [pending(edgeTopicArn)]
      },
      /FAIL\s+\| alarm subscriptions\s+\| ops@elevate-digital\.example has not confirmed ElevateDigital-EdgeMonitoring-Ops \(us-east-1\)/,
    ],
    [
      'nobody subscribed to the ops topic',
      () => {
        recordedSubscriptions[opsTopicArn] = []
      },
      /FAIL\s+\| alarm subscriptions\s+\| nobody is subscribed to ElevateDigital-OpsTopic \(eu-west-2\): set opsEmail/,
    ],
    [
      'an alarm that tells no topic',
      () => {
        const [, sender] = recordedAlarms.ElevateDigital ?? []
        if (sender) sender.AlarmActions = []
      },
      /FAIL\s+\| alarm subscriptions\s+\| sender-errors tells no topic: nobody would hear of it/,
    ],
    [
      'an alarm firing',
      () => {
        const [, sender] = recordedAlarms.ElevateDigital ?? []
        Object.assign(sender ?? {}, { StateValue: 'ALARM', StateReason: 'Threshold Crossed: 3' })
      },
      /FAIL\s+\| alarms not firing\s+\| sender-errors \(ElevateDigital\) in ALARM: Threshold Crossed: 3/,
    ],
    [
      'the sender’s stream trigger disabled',
      () => {
        recordedMapping.current = { ...recordedMapping.current, State: 'Disabled' }
      },
      new RegExp(
        `FAIL\\s+\\| enquiry sender\\s+\\| mapping ${uuid} is Disabled: new enquiries wait a minute or more for the retry\\. aws lambda update-event-source-mapping --uuid ${uuid} --enabled --region eu-west-2`,
      ),
    ],
    [
      'the sender’s failed records going nowhere',
      () => {
        recordedMapping.current = { ...recordedMapping.current, DestinationConfig: {} }
      },
      /FAIL\s+\| enquiry sender\s+\| mapping .* sends records it failed on to nowhere, not arn:aws:sqs:eu-west-2:123456789012:sender-failed-records/,
    ],
    [
      'the sender’s trigger on a stream turned off and on since',
      () => {
        recordedMapping.current = {
          ...recordedMapping.current,
          EventSourceArn: `${streamArn.replace(/stream\/.*/, 'stream/2026-01-01T00:00:00.000')}`,
        }
      },
      /FAIL\s+\| enquiry sender\s+\| nothing starts enquiry-sender from the table's stream .* \(its mapping reads .*2026-01-01.*: the stream was turned off and on since\)/,
    ],
    [
      'the sender failing every batch',
      () => {
        recordedMapping.current = {
          ...recordedMapping.current,
          LastProcessingResult: 'PROBLEM: Function call failed',
        }
      },
      /FAIL\s+\| enquiry sender\s+\| mapping .*: PROBLEM: Function call failed: the sender fails/,
    ],
    [
      'no sender in the site stack',
      () => {
        delete harness.siteOutputs.EnquirySenderFunctionName
        delete harness.siteOutputs.EnquirySenderFailedRecordsQueueArn
      },
      /FAIL\s+\| enquiry sender\s+\| the site stack has no enquiry sender/,
    ],
    [
      'the table’s stream off',
      () => table({ StreamSpecification: { StreamEnabled: false }, LatestStreamArn: undefined }),
      /FAIL\s+\| table stream\s+\| off: nothing starts the enquiry sender.*npm run migrate -- prod stream --table enquiries/,
      /FAIL\s+\| enquiry sender\s+\| not checked: the table has no stream/,
    ],
    [
      'the table’s stream of keys only',
      () => table({ StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }),
      /FAIL\s+\| table stream\s+\| KEYS_ONLY, not NEW_IMAGE: the sender's filter reads each record's new image/,
    ],
    [
      'deletion protection off',
      () => table({ DeletionProtectionEnabled: false }),
      /FAIL\s+\| table deletion protection\s+\| off: .*--deletion-protection-enabled/,
    ],
    [
      'the MAIL FROM host failed',
      () => mailFrom('FAILED'),
      /FAIL\s+\| SES MAIL FROM\s+\| mail\.elevate-digital\.example is FAILED: SES cannot find its MX record.*SPF no longer aligns/,
    ],
    [
      'the MAIL FROM host still pending',
      () => mailFrom('PENDING'),
      /FAIL\s+\| SES MAIL FROM\s+\| mail\.elevate-digital\.example is still PENDING/,
    ],
    [
      'no MAIL FROM host on the domain identity',
      () => mailFrom(undefined),
      /FAIL\s+\| SES MAIL FROM\s+\| elevate-digital\.example has no custom MAIL FROM \(mail\.elevate-digital\.example expected\)/,
    ],
    [
      'the Edge stack missing',
      () => missingStack('ElevateDigital-Edge'),
      /FAIL\s+\| stacks deployed\s+\| ElevateDigital-Edge \(us-east-1\) not found: run npm run deploy -- prod/,
    ],
    [
      'the EdgeMonitoring stack missing',
      () => {
        missingStack('ElevateDigital-EdgeMonitoring')
        delete recordedAlarms['ElevateDigital-EdgeMonitoring']
      },
      /FAIL\s+\| stacks deployed\s+\| ElevateDigital-EdgeMonitoring \(us-east-1\) not found/,
      /FAIL\s+\| CloudFront alarms\s+\| no alarms in ElevateDigital-EdgeMonitoring: deploy it/,
    ],
  ]

  it.each(faults)('%s: its FAIL row and exit 1', async (_fault, arrange, ...rows) => {
    arrange()
    const { code, failed } = await harness.verify()
    expect(failed).toEqual(rows.map((row) => expect.stringMatching(row)))
    expect(code).toBe(1)
  })

  it('fails a hung call at its own row’s limit, and still sends the synthetic enquiry its whole way', async () => {
    // SES's identity and CloudWatch's alarms never answer (a socket that accepts and is silent).
    const hung = () => new Promise<never>(() => {})
    mocks.ses.on(GetEmailIdentityCommand).callsFake(hung)
    mocks.cloudWatch.on(DescribeAlarmsCommand).callsFake(hung)
    const started = Date.now()
    const { code, rows, failed } = await harness.verify(harness.routedFetch, '--timeout', '5')
    const timedOut = (row: string) =>
      expect.stringMatching(
        new RegExp(`FAIL\\s+\\| ${row}\\s+\\| CallTimedOut: no answer within 5 s`),
      )
    expect(failed).toEqual(
      [
        'SES identity and DKIM',
        'SES MAIL FROM',
        'alarm subscriptions',
        'alarms not firing',
        'CloudFront alarms',
        'canary last run',
      ].map(timedOut),
    )
    expect(rows.join('\n')).toMatch(
      /PASS\s+\| synthetic enquiry through the live pipeline \| enquiry .* delivered to SES's mailbox simulator/,
    )
    // The hung rows side by side: their limit once, not once each.
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(code).toBe(1)
  }, 20_000)
})
