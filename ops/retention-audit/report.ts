import { days, type Finding } from '#functions/retention-audit/finding.ts'
import { type RetentionPolicy, retentionPolicy } from '#functions/retention-audit/policy.ts'

/** The retention audit's findings, and where they were read from. */
export interface AuditReport {
  readonly findings: Finding[]
  readonly source: string
}

export function formatReport(report: AuditReport, policy: RetentionPolicy = retentionPolicy) {
  const label = { pass: 'PASS', fail: 'FAIL', info: 'INFO' } as const
  const count = (status: Finding['status']) =>
    report.findings.filter((finding) => finding.status === status).length
  return [
    'Retention audit: where enquiry data lives, and for how long',
    `Policy (docs/operations.md): enquiries exactly ${policy.enquiryYears} years; backups at most ${policy.backupDaysMax} days; function and API logs at most ${policy.logDaysMax} days; CloudFront and S3 access logs at most ${policy.accessLogDaysMax} days; failed delivery events at most ${policy.failedEventDaysMax} days; the canary's synthetic enquiries exactly ${days(policy.syntheticEnquiryDays)}`,
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
    failedEvents: `Delivery events the function could not record (SQS dead-letter queue): at most ${policy.failedEventDaysMax} days`,
    synthetic: `Synthetic enquiries of the canary (DynamoDB table, TTL on \`expiresAt\`): exactly ${days(policy.syntheticEnquiryDays)}`,
  }
}

/** Which line of the policy a finding is checked against (none for information only). */
function policyLineOf(finding: Finding, policy: RetentionPolicy): string {
  const lines = policyLines(policy)
  const place = finding.place
  if (/^Synthetic enquiries/.test(place)) return lines.synthetic
  if (/^(expiresAt|Live check|Item the contact pipeline|DynamoDB table)|enquiryYears/.test(place)) {
    return lines.enquiries
  }
  if (/^(Point-in-time|AWS Backup)|pointInTimeRecoveryDays/.test(place)) return lines.backups
  if (/^(Log group|Function |WAF logging)|setting logs /.test(place)) return lines.logs
  if (/\(access logs\)$|^CloudFront|accessLogDays/.test(place)) return lines.accessLogs
  if (/^SQS queue|^EventBridge archive|\(archive\)$|failedEventDays/.test(place)) {
    return lines.failedEvents
  }
  if (/^The CDK app refuses/.test(place)) return 'every line: as written, nothing can be deployed'
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
