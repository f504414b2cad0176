import { S3Client } from '@aws-sdk/client-s3'
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, describe, expect, it } from 'vitest'
import { callsWithin, liveAws } from '#functions/retention-audit/live/calls.ts'
import { runLiveCheck } from '#functions/retention-audit/live/live-check.ts'
import { liveCheckActions } from '#functions/retention-audit/live/permissions.ts'
import { createEvidenceHandler } from '#functions/retention-evidence/create-handler.ts'
import { commandEnv } from '#infra/cdk-commands.ts'
import { stageStackPlaces } from '#infra/stack-names.ts'
import { selectStages } from '#infra/stage-selection.ts'
import { stages } from '#infra/stages.ts'
import { synthesise } from '#infra/testing/synthesise-app.ts'
import { runAuditCommand } from '../retention-audit-cli.ts'
import { type Breakage, mockAccount, storedItem } from '../testing/mocked-account.ts'

/**
 * `npm run audit:retention -- --deployed prod` against an account aws-sdk-client-mock answers
 * for: the committed production stage's templates deployed as synthesised, healthy, then with
 * one thing broken at a time. Each breakage must end in exit 1 with the FAIL naming it, in
 * bounded time (a hung call included), never a crash.
 */
const places = stageStackPlaces(
  selectStages(stages, { stage: 'prod' }, commandEnv()).configs[0] as Parameters<
    typeof stageStackPlaces
  >[0],
)
const synthesised = synthesise().stages.prod?.templates ?? []
const deployed = places.map((place) => ({
  ...place,
  template: synthesised.find((stack) => stack.stackName === place.stackName)?.template,
}))

const now = new Date()
const DAY = 86_400_000
const yearsAgo = (years: number, days = 0) => {
  const date = new Date(now)
  date.setUTCFullYear(date.getUTCFullYear() - years)
  return new Date(date.getTime() - days * DAY)
}
const threeYearsOn = (date: Date) => {
  const later = new Date(date)
  later.setUTCFullYear(later.getUTCFullYear() + 3)
  return later
}
/** A month of enquiries, one past its expiry within TTL's slack, and the canary's. */
const healthyItems = [
  ...Array.from({ length: 120 }, (_, index) => {
    const created = new Date(now.getTime() - index * 6 * 3600_000)
    return storedItem(created, threeYearsOn(created))
  }),
  storedItem(yearsAgo(3, 2), new Date(now.getTime() - 2 * DAY)),
  storedItem(new Date(now.getTime() - 2 * DAY), new Date(now.getTime() - DAY), true),
]
const oldItem = storedItem(yearsAgo(3, 10), threeYearsOn(yearsAgo(3, 10)))

let account: ReturnType<typeof mockAccount> | undefined
afterEach(() => account?.restore())

async function audit(breakage: Breakage = {}, items = healthyItems) {
  account = mockAccount(deployed, { breakage, items })
  let out = ''
  let err = ''
  const started = performance.now()
  const code = await runAuditCommand(['--deployed', 'prod'], {
    out: (text) => {
      out += text
    },
    err: (text) => {
      err += `${text}\n`
    },
    now: () => now,
    live: { callLimitMs: 500, drift: { limitMs: 2_000, pollMs: 10 }, scan: { pageSize: 25 } },
  })
  return { code, out, err, ms: performance.now() - started }
}

const failLines = (out: string) => out.split('\n').filter((line) => line.startsWith('FAIL'))

describe('the live retention check of a deployed stage (mocked account)', () => {
  it('passes a healthy account, reading every stack, table, log group, bucket and queue', async () => {
    const { code, out, err, ms } = await audit()
    console.info(`Healthy account checked in ${Math.round(ms)} ms`)
    expect(err).toBe('')
    expect(failLines(out)).toEqual([])
    expect(code).toBe(0)
    expect(out).toMatch(/^PASS {2}TTL of table .*Enquiries.*: enabled on "expiresAt"/m)
    expect(out).toMatch(/^PASS {2}Point-in-time recovery of table .*: 35 days/m)
    expect(out).toMatch(
      /^PASS {2}Log group .*ContactApiAccessLogs.*: written by access logs of API/m,
    )
    expect(out).toMatch(
      /^PASS {2}S3 bucket .*sitelogbucket.* \(access logs\): .*expired after 90 days/m,
    )
    expect(out).toMatch(
      /^PASS {2}S3 bucket .* \(retention evidence, Object Lock\): COMPLIANCE retention of 6 years/m,
    )
    expect(out).toMatch(/^PASS {2}SQS queue .*: keeps each message 14 days/m)
    expect(out).toMatch(/^PASS {2}Drift of stack ElevateDigital-Data \(eu-west-2\): in sync/m)
    expect(out).toMatch(
      /^PASS {2}Items past their expiry of .*: 0 past expiresAt by more than 7 days .*; 2 past it within 7 days/m,
    )
    expect(out).toMatch(
      /^INFO {2}Synthetic enquiries of .*: 1 of the canary's enquiries older than 1 day/m,
    )
    expect(out).toMatch(/^INFO {2}TTL deletions of .*: 42 items deleted by TTL/m)
    // The deployed templates pass the same rules the repository is audited with.
    expect(out).toMatch(
      /^PASS {2}DynamoDB table ElevateDigital-Data\/EnquiriesTable\w+ \(enquiries\): TTL enabled/m,
    )
  }, 60_000)

  it.each<[string, Breakage, RegExp]>([
    [
      'TTL disabled',
      { ttl: 'disabled' },
      /^FAIL {2}TTL of table \S+ \(eu-west-2\): disabled: no enquiry is deleted after 3 years$/m,
    ],
    [
      'TTL on another attribute',
      { ttl: 'other attribute' },
      /^FAIL {2}TTL of table .*: enabled on "expiry", but the code stamps "expiresAt"/m,
    ],
    [
      'point-in-time recovery of 36 days',
      { pitrDays: 36 },
      /^FAIL {2}Point-in-time recovery of table .*: 36 days \(limit 35 days\)/m,
    ],
    [
      'a log group without retention',
      { logGroupWithoutRetention: true },
      /^FAIL {2}Log group \S+ \(eu-west-2\): written by .*: kept for ever \(no retention set\) \(limit 30 days\)$/m,
    ],
    [
      'the log bucket without expiry',
      { bucketWithoutExpiry: true },
      /^FAIL {2}S3 bucket \S*sitelogbucket\S* \(access logs\): .*no lifecycle rule expires them: kept for ever/m,
    ],
    [
      'a stack with drift',
      { drift: true },
      /^FAIL {2}Drift of stack ElevateDigital-Data \(eu-west-2\): DRIFTED: EnquiriesTable7DAAED76 \(AWS::DynamoDB::GlobalTable\) MODIFIED at \/TimeToLiveSpecification\/Enabled/m,
    ],
    [
      'access denied on one call',
      { accessDenied: 'DescribeContinuousBackupsCommand' },
      /^FAIL {2}Point-in-time recovery of table .*: dynamodb:DescribeContinuousBackups: access denied \(AccessDeniedException\)/m,
    ],
    [
      'a hung call',
      { hung: 'DescribeLogGroupsCommand' },
      /^FAIL {2}Log groups named .*: logs:DescribeLogGroups: no answer within 0\.5 s$/m,
    ],
  ])(
    'exits 1 naming it: %s',
    async (_name, breakage, names) => {
      const { code, out, err, ms } = await audit(breakage)
      expect(err).toBe('')
      expect(out).toMatch(names)
      expect(code).toBe(1)
      expect(out).toMatch(/^FAIL: the policy is broken/m)
      // Bounded: a hung service costs one call's limit (0.5 s here), never one per resource.
      expect(ms).toBeLessThan(5_000)
    },
    60_000,
  )

  it('exits 1 naming an enquiry kept 3 years and 10 days', async () => {
    const { code, out } = await audit({}, [...healthyItems, oldItem])
    expect(code).toBe(1)
    expect(out).toMatch(
      /^FAIL {2}Oldest stored enquiry of .*: created \S+, 1\d{3} days ago \(limit 3 years \+ 7 days of TTL slack/m,
    )
    expect(out).toMatch(
      /^FAIL {2}Items past their expiry of .*: 1 past expiresAt by more than 7 days/m,
    )
  }, 60_000)

  it('makes exactly the calls the auditor policy allows, and reads no attribute but timestamps', async () => {
    const made = new Set<string>()
    for (const breakage of [{}, { drift: true }]) {
      account = mockAccount(deployed, { breakage, items: healthyItems })
      const aws = liveAws(callsWithin(30_000, 500))
      await runLiveCheck(
        aws,
        { stage: 'prod', stacks: places },
        { now, drift: { limitMs: 2_000, pollMs: 10 } },
      )
      for (const action of aws.calls.actions) made.add(action)
      aws.close()
      account.restore()
    }
    expect([...made].sort()).toEqual(Object.values(liveCheckActions).flat().sort())
  }, 60_000)
})

describe('the monthly evidence function (mocked account)', () => {
  it('files the dated report in the locked bucket and e-mails the auditor its verdict', async () => {
    account = mockAccount(deployed, { breakage: { pitrDays: 36 }, items: healthyItems })
    const ses = mockClient(SESClient)
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' })
    const failures: number[] = []
    try {
      const handler = createEvidenceHandler({
        config: {
          stage: 'prod',
          stacks: places,
          bucket: 'evidence-bucket',
          senderEmail: 'website@elevate-digital.example',
          auditEmail: 'auditor@elevate-digital.example',
          region: 'eu-west-2',
        },
        ses: new SESClient({ region: 'eu-west-2' }),
        s3: new S3Client({ region: 'eu-west-2' }),
        aws: (ms) => liveAws(callsWithin(ms, 500)),
        log: () => {},
        metrics: {
          addMetric: (_name: string, _unit: string, value: number) => failures.push(value),
          publishStoredMetrics: () => {},
        } as never,
      })
      const outcome = await handler()
      expect(outcome.failures).toBe(1)
      expect(failures).toEqual([1])
      expect(account.puts.map((put) => put.Key)).toEqual([
        expect.stringMatching(/^retention-evidence\/prod\/\d{4}-\d\d-\d\d-\d{6}\.md$/),
        expect.stringMatching(/^retention-evidence\/prod\/\d{4}-\d\d-\d\d-\d{6}\.json$/),
      ])
      for (const put of account.puts) {
        expect(put).toMatchObject({ Bucket: 'evidence-bucket', ChecksumAlgorithm: 'SHA256' })
      }
      const [mail] = ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input)
      expect(mail?.Destination?.ToAddresses).toEqual(['auditor@elevate-digital.example'])
      expect(mail?.Message?.Subject?.Data).toMatch(
        /^Retention evidence \d{4}-\d\d, stage prod: 1 FAIL$/,
      )
      expect(mail?.Message?.Body?.Text?.Data).toMatch(
        /- Point-in-time recovery of table .*: 36 days \(limit 35 days\)/,
      )
      expect(mail?.Message?.Body?.Text?.Data).toContain(
        `s3://evidence-bucket/${account.puts[0]?.Key}`,
      )
    } finally {
      ses.restore()
    }
  }, 60_000)
})
