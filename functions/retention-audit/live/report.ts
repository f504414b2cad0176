import type { Finding } from '../finding.ts'
import { type RetentionPolicy, retentionPolicy } from '../policy.ts'
import type { LiveReport } from './live-check.ts'

/**
 * The live check's report, in the forms its readers take it: lines for a terminal, a dated
 * Markdown document and JSON for the evidence bucket, and a summary for the auditor's e-mail.
 * Built from findings and figures only (resource names, dates, counts): no field of any enquiry
 * is ever read, so none can be written.
 */

const label = { pass: 'PASS', fail: 'FAIL', info: 'INFO' } as const

const all = (report: LiveReport): Finding[] => report.sections.flatMap((s) => [...s.findings])

export function counts(report: LiveReport) {
  const findings = all(report)
  const of = (status: Finding['status']) => findings.filter((f) => f.status === status).length
  return { pass: of('pass'), fail: of('fail'), info: of('info') }
}

export function verdict(report: LiveReport): string {
  const { pass, fail, info } = counts(report)
  return `${fail > 0 ? 'FAIL: the policy is broken' : 'PASS: everything meets the policy'} (${pass} pass, ${fail} fail, ${info} for information)`
}

function policyLine(policy: RetentionPolicy): string {
  return `enquiries exactly ${policy.enquiryYears} years (TTL slack ${policy.ttlSlackDays} days); backups at most ${policy.backupDaysMax} days; function and API logs at most ${policy.logDaysMax} days; CloudFront and S3 access logs at most ${policy.accessLogDaysMax} days; failed events at most ${policy.failedEventDaysMax} days; the canary's synthetic enquiries ${policy.syntheticEnquiryDays} day`
}

/** For a terminal: a line per finding, section by section, and the verdict. */
export function formatLiveReport(report: LiveReport, policy = retentionPolicy): string {
  return [
    `Live retention check of stage ${report.stage}, ${report.at}`,
    `Policy (docs/operations.md): ${policyLine(policy)}`,
    `Read from ${report.source}`,
    ...report.sections.flatMap((section) => [
      '',
      `${section.title}:`,
      ...section.findings.map(
        ({ status, place, detail }) => `${label[status]}  ${place}: ${detail}`,
      ),
    ]),
    '',
    verdict(report),
  ].join('\n')
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')

/** The dated document an auditor files: what was read, against which policy, each finding. */
export function liveMarkdown(report: LiveReport, policy = retentionPolicy): string {
  const { fail } = counts(report)
  return [
    `# Retention evidence, stage ${report.stage}, ${report.at.slice(0, 10)}`,
    '',
    `Checked at ${report.at} in ${Math.round(report.tookMs / 100) / 10} s, read from ${report.source}.`,
    '',
    `**Result: ${verdict(report)}**${fail > 0 ? ' — see the FAIL lines below.' : ''}`,
    '',
    '## Policy',
    '',
    `From docs/operations.md ("Retention policy"), which the privacy notice states: ${policyLine(policy)}.`,
    '',
    '## How',
    '',
    "- Each deployed stack's template, read from CloudFormation, checked with the deny-by-default rules the repository is audited with.",
    "- The live state of each place data is kept, read from the services themselves: TTL, point-in-time recovery, stream, backups, every log group the functions and API write, the log buckets' lifecycle, queues, and drift of every stack.",
    '- The stored enquiries, read by their timestamps only (a projection: no name, address, phone, company or message is read).',
    ...report.sections.flatMap((section) => [
      '',
      `## ${section.title}`,
      '',
      '| Result | Where | What was found |',
      '| --- | --- | --- |',
      ...section.findings.map(
        (finding) =>
          `| ${finding.status === 'fail' ? '**FAIL**' : label[finding.status]} | ${cell(finding.place)} | ${cell(finding.detail)} |`,
      ),
    ]),
    '',
  ].join('\n')
}

/** The same report as data, for whoever compares months. */
export function liveJson(report: LiveReport, policy = retentionPolicy): string {
  return `${JSON.stringify({ ...report, policy, counts: counts(report) }, null, 2)}\n`
}

/** What the auditor's e-mail says: the verdict, the failures, and where the full report is. */
export function evidenceSummary(
  report: LiveReport,
  where: { readonly markdown: string; readonly json: string; readonly sha256: string },
): { subject: string; text: string } {
  const failures = all(report).filter((finding) => finding.status === 'fail')
  const { fail } = counts(report)
  return {
    subject: `Retention evidence ${report.at.slice(0, 7)}, stage ${report.stage}: ${fail > 0 ? `${fail} FAIL` : 'PASS'}`,
    text: [
      `Retention evidence for stage ${report.stage}, checked ${report.at}.`,
      '',
      verdict(report),
      ...(failures.length > 0
        ? ['', 'Failures:', ...failures.map((f) => `- ${f.place}: ${f.detail}`)]
        : []),
      '',
      where.markdown.startsWith('s3://')
        ? 'The full report (no personal data), kept unchangeable under S3 Object Lock:'
        : 'The full report (no personal data):',
      `  ${where.markdown}`,
      `  ${where.json}`,
      `SHA-256 of the Markdown report: ${where.sha256}`,
      ...(where.markdown.startsWith('s3://')
        ? [
            '',
            'Download it with the stage\'s auditor role (docs/operations.md, "Retention evidence"):',
            `  aws s3 cp ${where.markdown} .`,
          ]
        : []),
    ].join('\n'),
  }
}
