import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '#functions/log.ts'
import type { Finding } from '#functions/retention-audit/finding.ts'
import { retentionPolicy } from '#functions/retention-audit/policy.ts'
import { auditTemplates } from '#functions/retention-audit/resources.ts'
import type { StackTemplate } from '#functions/retention-audit/template-pool.ts'
import { productionTemplates } from '#infra/testing/synthesise-app.ts'
import { startLocalPipeline } from '#local/pipeline.ts'
import { runAudit } from './audit.ts'
import {
  auditExpiryCode,
  auditStoredItem,
  calendarYearsLater,
  itemTheStoreWrites,
  storedExpiryFinding,
} from './expiry.ts'
import { liveExpiryCheck } from './live-check.ts'
import { auditExitCode, formatMarkdownReport, formatReport } from './report.ts'

const repo = new URL('../..', import.meta.url).pathname
// biome-ignore lint/suspicious/noExplicitAny: CloudFormation templates are untyped JSON
type Cfn = any

const { synth, stage, good } = productionTemplates()
let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'audit-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The stage's templates, changed by `edit` (as one set of resources; new ones join the site's). */
function broken(edit: (resources: Record<string, Cfn>) => void): StackTemplate[] {
  const stacks = structuredClone(stage) as { stackName: string; template: Cfn }[]
  const merged: Record<string, Cfn> = Object.assign(
    {},
    ...stacks.map((stack) => stack.template.Resources),
  )
  const before = new Set(Object.keys(merged))
  edit(merged)
  const site = stacks.find((stack) => stack.stackName === good.stackName)
  for (const [id, resource] of Object.entries(merged)) {
    if (!before.has(id) && site) site.template.Resources[id] = resource
  }
  return stacks
}

function ofType(resources: Record<string, Cfn>, type: string): Cfn[] {
  return Object.values(resources).filter((resource) => resource.Type === type)
}

const failures = (findings: Finding[]) => findings.filter((finding) => finding.status === 'fail')

describe('the retention audit of the synthesised stack', () => {
  it('finds every place enquiry data lives within the policy', () => {
    const findings = auditTemplates(stage, retentionPolicy)
    expect(failures(findings)).toEqual([])
    const text = findings.map((finding) => `${finding.place}: ${finding.detail}`).join('\n')
    expect(text).toMatch(/TTL enabled on "expiresAt"/)
    expect(text).toMatch(/Point-in-time recovery .*: 35 days \(limit 35 days\)/)
    expect(text).toMatch(/API access logs .*: 30 days/)
    expect(text).toMatch(/CloudFront standard logs .*: expired after 90 days \(limit 90 days\)/)
    expect(text).toMatch(/agency inbox/)
    expect(text).toMatch(/SES event destination .*: sending events .* go to an SNS topic/)
    expect(text).toMatch(
      /SQS queue ElevateDigital\/DeliveryEventsFailedEvents\w+ \(failed events\): SES's reports of enquiry e-mails \(subjects with names and companies\) that failed in: Records what SES reports .*: deleted after 14 days \(limit 14 days\)/,
    )
    // The contact, enquiry sender, retry, digest-links, digest, delivery-events, canary and
    // retention-evidence and answer-watch functions' log groups, the API's, the site deployment's,
    // the distribution-id writer's.
    expect(findings.filter((finding) => finding.place.startsWith('Log group'))).toHaveLength(12)
    // The buckets in the data stack are placed through the site stack's references to them.
    expect(text).toMatch(
      /S3 bucket ElevateDigital-Data\/SiteLogBucket\w+ \(access logs\): CloudFront standard logs of ElevateDigital\/SiteDistribution\w+ and S3 server access logs of ElevateDigital-Data\/SiteBucket\w+/,
    )
    expect(text).toMatch(/S3 bucket ElevateDigital-Data\/SiteBucket\w+ \(site\)/)
  })

  it.each<[string, (resources: Record<string, Cfn>) => void, RegExp]>([
    [
      'a log group kept a year',
      (resources) => {
        ofType(resources, 'AWS::Logs::LogGroup')[0].Properties.RetentionInDays = 365
      },
      /Log group .*: 365 days \(limit 30 days\)/,
    ],
    [
      'a log group kept for ever',
      (resources) => {
        delete ofType(resources, 'AWS::Logs::LogGroup')[2].Properties.RetentionInDays
      },
      /kept for ever \(no retention set\)/,
    ],
    [
      'TTL on the wrong attribute',
      (resources) => {
        ofType(resources, 'AWS::DynamoDB::GlobalTable')[0].Properties.TimeToLiveSpecification = {
          AttributeName: 'expiry',
          Enabled: true,
        }
      },
      /TTL is on on "expiry"; the code stamps "expiresAt"/,
    ],
    [
      'no TTL at all',
      (resources) => {
        delete ofType(resources, 'AWS::DynamoDB::GlobalTable')[0].Properties.TimeToLiveSpecification
      },
      /no TTL: items would be kept for ever/,
    ],
    [
      'access logs never expired',
      (resources) => {
        for (const bucket of ofType(resources, 'AWS::S3::Bucket')) {
          delete bucket.Properties.LifecycleConfiguration
        }
      },
      /no lifecycle rule expires them: kept for ever/,
    ],
    [
      'access logs kept over a year',
      (resources) => {
        for (const bucket of ofType(resources, 'AWS::S3::Bucket')) {
          for (const rule of bucket.Properties.LifecycleConfiguration?.Rules ?? []) {
            rule.ExpirationInDays = 400
          }
        }
      },
      /expired after 400 days \(limit 90 days\)/,
    ],
    [
      'a function logging to a default log group',
      (resources) => {
        delete ofType(resources, 'AWS::Lambda::Function')[0].Properties.LoggingConfig
      },
      /default group .* keeps logs for ever/,
    ],
    [
      'a queue nobody audits',
      (resources) => {
        resources.Outbox = { Type: 'AWS::SQS::Queue', Properties: {} }
      },
      /SQS queue ElevateDigital\/Outbox: a queue the audit cannot place/,
    ],
    [
      'sending events kept in a delivery stream',
      (resources) => {
        const destination = ofType(resources, 'AWS::SES::ConfigurationSetEventDestination')[0]
        destination.Properties.EventDestination.KinesisFirehoseDestination = {
          DeliveryStreamARN: 'arn:aws:firehose:eu-west-2:111111111111:deliverystream/events',
          IAMRoleARN: 'arn:aws:iam::111111111111:role/events',
        }
      },
      /SES event destination .*: sending events \(recipients, subjects\) go somewhere this audit does not follow/,
    ],
    [
      'a bucket of unknown purpose',
      (resources) => {
        resources.Exports = { Type: 'AWS::S3::Bucket', Properties: {} }
      },
      /a bucket the audit cannot place/,
    ],
  ])('fails on %s', (_label, edit, message) => {
    const found = failures(auditTemplates(broken(edit), retentionPolicy))
    expect(found.length).toBeGreaterThan(0)
    expect(found.map((finding) => `${finding.place}: ${finding.detail}`).join('\n')).toMatch(
      message,
    )
  })

  it('fails a backup window longer than the policy allows', () => {
    const findings = auditTemplates(stage, { ...retentionPolicy, backupDaysMax: 7 })
    expect(failures(findings).map((finding) => finding.detail)).toEqual([
      expect.stringMatching(/^35 days \(limit 7 days\)/),
    ])
  })
})

describe('the expiresAt code path', () => {
  it('names buildEnquiry and checks exactly three calendar years', () => {
    const finding = auditExpiryCode(retentionPolicy)
    expect(finding.status).toBe('pass')
    expect(finding.detail).toMatch(/functions\/enquiries\/item\.ts buildEnquiry\(\)/)
    expect(finding.detail).toMatch(/for enquiries and for spam held back from the inbox/)
  })

  it('fails when the code and the policy disagree', () => {
    expect(auditExpiryCode({ ...retentionPolicy, enquiryYears: 2 }).status).toBe('fail')
  })

  it('counts calendar years as people do', () => {
    const later = (iso: string) => calendarYearsLater(new Date(iso), 3).toISOString()
    expect(later('2026-11-21T15:04:05.678Z')).toBe('2029-11-21T15:04:05.678Z')
    expect(later('2028-02-29T23:00:00.000Z')).toBe('2031-02-28T23:00:00.000Z')
    expect(later('2025-02-28T00:00:00.000Z')).toBe('2028-02-28T00:00:00.000Z')
  })

  it('finds a new enquiry through the local stack expiring exactly three years on', async () => {
    const finding = await liveExpiryCheck(retentionPolicy, () =>
      startLocalPipeline({ retryIntervalMs: false, log: silentLogger }),
    )
    expect(finding).toMatchObject({ status: 'pass' })
    expect(finding.detail).toMatch(/exactly 3 calendar years later/)
  }, 30_000)
})

describe('stored enquiries without a valid expiresAt', () => {
  const createdAt = '2026-11-21T15:04:05.678Z'
  it.each<[string, Record<string, unknown>, RegExp]>([
    ['no expiresAt', { createdAt }, /expiresAt never \(no expiresAt\)/],
    ['expiresAt as text', { createdAt, expiresAt: '1890000000' }, /not epoch seconds/],
    ['expiresAt in milliseconds', { createdAt, expiresAt: 1.89e15 }, /expiresAt never \(/],
    ['no createdAt', { expiresAt: 1_890_000_000 }, /no valid createdAt/],
  ])('are a FAIL finding, never a crash: %s', (_label, item, detail) => {
    const finding = storedExpiryFinding(item, retentionPolicy, 'Somewhere', 'how')
    expect(finding.status).toBe('fail')
    expect(finding.detail).toMatch(detail)
  })

  it('is what the store writes today: exactly three years', async () => {
    const finding = await auditStoredItem(retentionPolicy)
    expect(finding.status).toBe('pass')
    expect((await itemTheStoreWrites(new Date())).expiresAt).toEqual(expect.any(Number))
  })

  it('fails the audit (exit 1) without the live check too, when a change stops storing it', async () => {
    const file = join(dir, 'Good.template.json')
    writeFileSync(file, JSON.stringify(good.template))
    const report = await runAudit({
      templates: [file],
      live: false,
      storedItem: async (at) => {
        const { expiresAt: _dropped, ...item } = await itemTheStoreWrites(at)
        return item
      },
    })
    expect(auditExitCode(report)).toBe(1)
    expect(formatReport(report)).toMatch(
      /^FAIL {2}Item the contact pipeline writes: offline: .* expiresAt never \(no expiresAt\)/m,
    )
  })

  it('fails the audit (exit 1), naming the check, when a check itself throws', async () => {
    const file = join(dir, 'Good.template.json')
    writeFileSync(file, JSON.stringify(good.template))
    const report = await runAudit({
      templates: [file],
      live: false,
      storedItem: async () => {
        throw new RangeError('Invalid time value')
      },
    })
    expect(auditExitCode(report)).toBe(1)
    expect(formatReport(report)).toMatch(
      /^FAIL {2}Item the contact pipeline writes: the check could not run: RangeError: Invalid time value/m,
    )
  })
})

describe('npm run audit:retention', () => {
  const run = (args: string[]) =>
    promisify(execFile)('npm', ['run', '--silent', 'audit:retention', '--', ...args], {
      cwd: repo,
    })
      .then(({ stdout }) => ({ code: 0, stdout }))
      .catch((error: { code: number; stdout: string }) => error)

  it('synthesises the app, checks the local stack live and exits 0 when all is well', async () => {
    const { code, stdout } = await run([])
    expect(code).toBe(0)
    expect(stdout).toMatch(
      /^PASS {2}Live check through the local stack: .*exactly 3 calendar years/m,
    )
    expect(stdout).toMatch(/^PASS {2}expiresAt code path: functions\/enquiries\/item\.ts/m)
    // Every committed stage, each of its stacks.
    expect(stdout).toMatch(
      /^Audited: the CDK app synthesised offline, stages prod, staging: .*ElevateDigital-Data, ElevateDigital, .*ElevateDigital-staging-Data, ElevateDigital-staging,/m,
    )
    expect(stdout).toMatch(/^PASS {2}DynamoDB table ElevateDigital-staging-Data\/EnquiriesTable/m)
    expect(stdout).toMatch(/0 fail/)
    expect(stdout).toContain('Everything meets the policy.')
    // npm, a synthesis of both stages, the live stack: ~30 s alone, minutes on two busy cores.
  }, 240_000)

  it('audits a stage as synthesised, its folder read whole and its stacks linked by name', async () => {
    const folder = join(synth.outdir, 'assembly-prod')
    const { code, stdout } = await run(['--template', folder, '--skip-live'])
    expect(code).toBe(0)
    expect(stdout).toMatch(
      new RegExp(`^Audited: templates ${folder}: ElevateDigital-Data, ElevateDigital, `, 'm'),
    )
    // The site bucket is placed through the site stack's reference to the data stack's output.
    expect(stdout).toMatch(/^INFO {2}S3 bucket ElevateDigital-Data\/SiteBucket\w+ \(site\)/m)
    expect(stdout).toContain('Everything meets the policy.')
  }, 60_000)

  it('exits 1 for a template that keeps logs too long, naming the place', async () => {
    const file = join(dir, 'ElevateDigital.template.json')
    const bad = structuredClone(good.template) as { Resources: Record<string, Cfn> }
    for (const group of ofType(bad.Resources, 'AWS::Logs::LogGroup')) {
      group.Properties.RetentionInDays = 3653
    }
    writeFileSync(file, JSON.stringify(bad))
    const { code, stdout } = await run([
      '--template',
      file,
      '--skip-live',
      '--out',
      join(dir, 'report.md'),
    ])
    expect(code).toBe(1)
    expect(stdout).toMatch(
      /^FAIL {2}Log group ElevateDigital\/ContactApiAccessLogs\w+: API access logs/m,
    )
    expect(stdout).toContain('The policy is broken: see FAIL above.')
    const markdown = readFileSync(join(dir, 'report.md'), 'utf8')
    expect(stdout).toContain(`Report written to ${join(dir, 'report.md')}`)
    expect(markdown).toMatch(/^# Retention audit, \d{4}-\d{2}-\d{2}$/m)
    expect(markdown).toContain('**Result: the policy is broken**')
    expect(markdown).toMatch(
      /^\| \*\*FAIL\*\* \| Log group ElevateDigital\/ContactApiAccessLogs\w+ \| .*3653 days \(limit 30 days\) \| Function logs, API access logs \(CloudWatch Logs\): at most 30 days \|$/m,
    )
    // Without the live check, the item the code writes is still checked.
    expect(stdout).toMatch(
      /^PASS {2}Item the contact pipeline writes: offline: .*exactly 3 calendar years/m,
    )
  }, 60_000)
})

describe('the policy the README promises', () => {
  it('is the one docs/operations.md states', () => {
    const docs = readFileSync(join(repo, 'docs/operations.md'), 'utf8')
    expect(docs).toMatch(
      new RegExp(`Enquiries .*\\| exactly ${retentionPolicy.enquiryYears} years`),
    )
    expect(docs).toMatch(
      new RegExp(`point-in-time recovery .*\\| at most ${retentionPolicy.backupDaysMax} days`, 'i'),
    )
    expect(docs).toMatch(
      new RegExp(`Function logs, API access logs .*\\| at most ${retentionPolicy.logDaysMax} days`),
    )
    expect(docs).toMatch(
      new RegExp(
        `CloudFront and S3 access logs .*\\| at most ${retentionPolicy.accessLogDaysMax} days`,
      ),
    )
    expect(docs).toMatch(
      new RegExp(
        `Delivery events the function could not record .*\\| at most ${retentionPolicy.failedEventDaysMax} days`,
      ),
    )
  })

  it('writes a dated Markdown report: what was checked, how, against which policy line, the result', () => {
    const markdown = formatMarkdownReport(
      {
        source: 'the CDK app synthesised offline: ElevateDigital',
        findings: [
          { status: 'pass', place: 'Live check through the local stack', detail: 'exactly | 3' },
          { status: 'fail', place: 'Point-in-time recovery of X', detail: '40 days' },
          { status: 'info', place: 'SNS topic T', detail: 'alarms only' },
        ],
      },
      { at: new Date('2026-11-23T10:00:00.000Z'), live: true },
    )
    expect(markdown).toMatch(/^# Retention audit, 2026-11-23\n/)
    expect(markdown).toContain('Run at 2026-11-23T10:00:00.000Z')
    expect(markdown).toContain(
      '**Result: the policy is broken** (1 pass, 1 fail, 1 for information)',
    )
    expect(markdown).toContain('read from the CDK app synthesised offline: ElevateDigital')
    expect(markdown).toContain('posted to the contact API of the local stack')
    expect(markdown).toContain('- Enquiries (DynamoDB table, TTL on `expiresAt`): exactly 3 years')
    expect(markdown).toContain(
      '| PASS | Live check through the local stack | exactly \\| 3 | Enquiries (DynamoDB table, TTL on `expiresAt`): exactly 3 years |',
    )
    expect(markdown).toContain(
      '| **FAIL** | Point-in-time recovery of X | 40 days | Backups (point-in-time recovery, AWS Backup): at most 35 days |',
    )
    expect(markdown).toContain('| info | SNS topic T | alarms only | for information |')
  })

  it('formats a report an auditor can read', () => {
    const text = formatReport({
      source: 'a test',
      findings: [{ status: 'fail', place: 'Somewhere', detail: 'too long' }],
    })
    expect(text).toContain('FAIL  Somewhere: too long')
    expect(text).toContain('0 pass, 1 fail, 0 for information')
  })
})
