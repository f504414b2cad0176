/**
 * `npm run audit:retention`: for an auditor, every place enquiry data (and visitors' addresses)
 * can live and how long it stays, checked against the policy in docs/operations.md. Exits 1
 * when anything breaks the policy.
 *
 *   npm run audit:retention                        synthesise the app offline and audit it
 *   npm run audit:retention -- -c waf=true         …with deployment context, as cdk -c takes it
 *   npm run audit:retention -- --template cdk.out/ElevateDigital.template.json
 *                                                  audit templates already synthesised
 *   npm run audit:retention -- --skip-live         without the live check through the local stack
 *   npm run audit:retention -- --out FILE          also write the report as Markdown, to keep
 */
import { once } from 'node:events'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'
import { silentLogger } from '../../functions/log.ts'
import { contactApi } from '../../shared/contact.ts'
import { localCredentials, startApiStack } from '../local/api-stack.ts'
import { synthesise } from '../testing/synth.ts'
import {
  auditExpiryCode,
  auditStoredItem,
  auditTemplates,
  type Finding,
  type StackTemplate,
  storedExpiryFinding,
} from './retention-audit.ts'
import { type RetentionPolicy, retentionPolicy } from './retention-policy.ts'

/**
 * Through the local stack, as a visitor would: POST an enquiry to the contact API (dynalite and
 * the SES emulator in this process, on free ports), read the stored item back, and compare its
 * expiry with the same moment three calendar years on.
 */
export async function liveExpiryCheck(policy: RetentionPolicy): Promise<Finding> {
  const place = 'Live check through the local stack'
  const stack = await startApiStack({ retryIntervalMs: false, log: silentLogger })
  const server = createServer((req, res) => {
    stack.handle(req, res).catch(() => res.destroy())
  }).listen(0, '127.0.0.1')
  const reader = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: stack.config.region,
      endpoint: stack.dynamoDbUrl,
      credentials: localCredentials,
    }),
  )
  try {
    await once(server, 'listening')
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${contactApi.path}`
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Retention',
        lastName: 'Audit',
        email: 'retention-audit@example.co.uk',
        phone: '020 7946 0000',
        company: 'Audit',
        position: 'Auditor',
        message: 'A test enquiry for the retention audit.',
      }),
    })
    if (response.status !== 201) {
      return { status: 'fail', place, detail: `the contact API answered ${response.status}` }
    }
    const { id } = (await response.json()) as { id: string }
    const { Item } = await reader.send(
      new GetCommand({ TableName: stack.config.enquiriesTable, Key: { id }, ConsistentRead: true }),
    )
    return storedExpiryFinding(Item, policy, place, `POST ${contactApi.path}`)
  } finally {
    reader.destroy()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await stack.close()
  }
}

/** A check that throws is a breach to report (exit 1), never a crash of the audit. */
async function checked(place: string, check: () => Promise<Finding>): Promise<Finding> {
  try {
    return await check()
  } catch (error) {
    return {
      status: 'fail',
      place,
      detail: `the check could not run: ${(error as Error)?.name ?? 'Error'}: ${(error as Error)?.message ?? String(error)}`,
    }
  }
}

export interface AuditReport {
  readonly findings: Finding[]
  readonly source: string
}

export async function runAudit(options: {
  readonly templates?: readonly string[]
  readonly context?: Record<string, string>
  readonly live?: boolean
  readonly policy?: RetentionPolicy
  /** Without the live check: what the code stores (tests put a broken store here). */
  readonly storedItem?: (createdAt: Date) => Promise<Record<string, unknown>>
}): Promise<AuditReport> {
  const policy = options.policy ?? retentionPolicy
  let stacks: StackTemplate[]
  let source: string
  if (options.templates && options.templates.length > 0) {
    stacks = options.templates.map((file) => ({
      stackName: basename(file).replace(/\.template\.json$/, ''),
      template: JSON.parse(readFileSync(file, 'utf8')),
    }))
    source = `templates ${options.templates.join(', ')}`
  } else {
    // Offline, like `cdk synth`, from the same composition (infra/define-app.ts, cdk.json's
    // flags), with a placeholder site folder: pages hold no personal data, and no retention
    // setting depends on them, so the audit needs no build.
    const synthesised = synthesise({ context: options.context ?? {} })
    try {
      stacks = Object.values(synthesised.stages).flatMap((stage) => stage.templates)
    } finally {
      synthesised.dispose()
    }
    const context = Object.entries(options.context ?? {}).map(
      ([key, value]) => `-c ${key}=${value}`,
    )
    source = `the CDK app synthesised offline${context.length ? ` with ${context.join(' ')}` : ''}`
  }
  const findings = [await checked('expiresAt code path', async () => auditExpiryCode(policy))]
  findings.push(
    options.live === false
      ? await checked('Item the contact pipeline writes', () =>
          auditStoredItem(policy, options.storedItem),
        )
      : await checked('Live check through the local stack', () => liveExpiryCheck(policy)),
  )
  findings.push(...auditTemplates(stacks, policy))
  return { findings, source: `${source}: ${stacks.map((stack) => stack.stackName).join(', ')}` }
}

export function formatReport(report: AuditReport, policy: RetentionPolicy = retentionPolicy) {
  const label = { pass: 'PASS', fail: 'FAIL', info: 'INFO' } as const
  const count = (status: Finding['status']) =>
    report.findings.filter((finding) => finding.status === status).length
  return [
    'Retention audit: where enquiry data lives, and for how long',
    `Policy (docs/operations.md): enquiries exactly ${policy.enquiryYears} years; backups at most ${policy.backupDaysMax} days; function and API logs at most ${policy.logDaysMax} days; CloudFront and S3 access logs at most ${policy.accessLogDaysMax} days`,
    `Audited: ${report.source}`,
    '',
    ...report.findings.map(({ status, place, detail }) => `${label[status]}  ${place}: ${detail}`),
    '',
    `${count('pass')} pass, ${count('fail')} fail, ${count('info')} for information`,
    count('fail') > 0 ? 'The policy is broken: see FAIL above.' : 'Everything meets the policy.',
  ].join('\n')
}

/** The policy's lines as docs/operations.md words them, for the report's reader. */
function policyLines(policy: RetentionPolicy) {
  return {
    enquiries: `Enquiries (DynamoDB table, TTL on \`expiresAt\`): exactly ${policy.enquiryYears} years`,
    backups: `Backups (point-in-time recovery, AWS Backup): at most ${policy.backupDaysMax} days`,
    logs: `Function logs, API access logs (CloudWatch Logs): at most ${policy.logDaysMax} days`,
    accessLogs: `CloudFront and S3 access logs (visitors' IP addresses): at most ${policy.accessLogDaysMax} days`,
  }
}

/** Which line of the policy a finding is checked against (none for information only). */
function policyLineOf(finding: Finding, policy: RetentionPolicy): string {
  const lines = policyLines(policy)
  const place = finding.place
  if (/^(expiresAt|Live check|Item the contact pipeline|DynamoDB table)/.test(place)) {
    return lines.enquiries
  }
  if (/^(Point-in-time|AWS Backup)/.test(place)) return lines.backups
  if (/^(Log group|Function )/.test(place)) return lines.logs
  if (/\(access logs\)$|^CloudFront/.test(place)) return lines.accessLogs
  return finding.status === 'info' ? 'for information' : 'no line covers it: the policy must'
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')

/** The report as a Markdown document an auditor can file: dated, with method and policy. */
export function formatMarkdownReport(
  report: AuditReport,
  options: { readonly at: Date; readonly live: boolean; readonly policy?: RetentionPolicy },
): string {
  const policy = options.policy ?? retentionPolicy
  const count = (status: Finding['status']) =>
    report.findings.filter((finding) => finding.status === status).length
  const label = { pass: 'PASS', fail: '**FAIL**', info: 'info' } as const
  const failed = count('fail') > 0
  return [
    `# Retention audit, ${options.at.toISOString().slice(0, 10)}`,
    '',
    `Run at ${options.at.toISOString()} by \`npm run audit:retention\`.`,
    '',
    `**Result: ${failed ? 'the policy is broken' : 'everything meets the policy'}** (${count('pass')} pass, ${count('fail')} fail, ${count('info')} for information).`,
    '',
    '## What was checked',
    '',
    `- Every place the infrastructure keeps enquiry data or visitors' addresses, read from ${report.source}.`,
    "- The code that stamps each enquiry's expiry (`expiresAt`), on dates where calendar years are easy to get wrong.",
    options.live
      ? '- A live enquiry: posted to the contact API of the local stack (the same handler code, with DynamoDB and SES emulated), read back from the table, its expiry compared with the same moment three calendar years on.'
      : '- The item the contact pipeline writes to DynamoDB, built and captured offline (the live check through the local stack was skipped).',
    '',
    '## Against which policy',
    '',
    'The retention promised in docs/operations.md ("Retention"), which the privacy policy states:',
    '',
    ...Object.values(policyLines(policy)).map((line) => `- ${line}`),
    '',
    '## Findings',
    '',
    '| Result | Where | What was found | Policy line |',
    '| --- | --- | --- | --- |',
    ...report.findings.map(
      (finding) =>
        `| ${label[finding.status]} | ${cell(finding.place)} | ${cell(finding.detail)} | ${cell(policyLineOf(finding, policy))} |`,
    ),
    '',
  ].join('\n')
}

/** 1 when anything breaks the policy (or could not be checked), else 0. */
export function auditExitCode(report: AuditReport): number {
  return report.findings.some((finding) => finding.status === 'fail') ? 1 : 0
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      template: { type: 'string', multiple: true },
      context: { type: 'string', short: 'c', multiple: true },
      'skip-live': { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  })
  const context = Object.fromEntries(
    (values.context ?? []).map((pair) => {
      const at = pair.indexOf('=')
      if (at < 1) throw new Error(`-c takes key=value, not ${pair}`)
      return [pair.slice(0, at), pair.slice(at + 1)]
    }),
  )
  const report = await runAudit({
    templates: values.template,
    context,
    live: !values['skip-live'],
  })
  console.log(formatReport(report))
  if (values.out) {
    writeFileSync(
      values.out,
      formatMarkdownReport(report, { at: new Date(), live: !values['skip-live'] }),
    )
    console.log(`Report written to ${values.out}`)
  }
  process.exitCode = auditExitCode(report)
}
