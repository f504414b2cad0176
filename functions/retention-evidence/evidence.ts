import { createHash } from 'node:crypto'
import { type SESClient, SendEmailCommand } from '@aws-sdk/client-ses'
import { emailDocument, escapeHtml } from '../html-pages.ts'
import type { LiveReport } from '../retention-audit/live/live-check.ts'
import { counts, evidenceSummary, liveJson, liveMarkdown } from '../retention-audit/live/report.ts'
import { evidencePrefix } from './contract.ts'

/**
 * The monthly retention evidence: the live check's report written where it cannot be changed
 * (the stage's Object Lock bucket, or a folder of the local stack) and e-mailed to the auditor.
 * The scheduled function (handler.ts) and `npm run enquiries -- evidence` both run this.
 */

/** Where reports are kept: an S3 bucket under Object Lock, or a local folder. */
export interface EvidenceStore {
  /** Writes `body` under `key`; resolves where it now is (an `s3://` URL or a file path). */
  put(key: string, body: string, contentType: string): Promise<string>
}

export interface EvidenceDependencies {
  /** Runs the live check of the stage. */
  readonly check: () => Promise<LiveReport>
  readonly store: EvidenceStore
  readonly ses: SESClient
  readonly senderEmail: string
  /** Who receives the report: the stage's `auditEmail`. */
  readonly auditEmail: string
  /** Called with the number of FAIL findings: 1 or more raises the ops alarm. */
  readonly recordFailures?: (failures: number) => void
  /** Bounds the e-mail's send. */
  readonly signal?: AbortSignal
}

export interface EvidenceOutcome {
  readonly failures: number
  readonly markdown: string
  readonly json: string
  readonly sha256: string
  readonly bytes: number
}

/** The reports' keys: by stage and date, so a month's report is found by its name. */
export function evidenceKeys(report: LiveReport): { markdown: string; json: string } {
  const base = `${evidencePrefix}${report.stage}/${report.at.slice(0, 10)}-${report.at.slice(11, 19).replaceAll(':', '')}`
  return { markdown: `${base}.md`, json: `${base}.json` }
}

export async function writeEvidence(deps: EvidenceDependencies): Promise<EvidenceOutcome> {
  const report = await deps.check()
  const { fail } = counts(report)
  deps.recordFailures?.(fail)
  const markdown = liveMarkdown(report)
  const keys = evidenceKeys(report)
  const sha256 = createHash('sha256').update(markdown).digest('hex')
  const where = {
    markdown: await deps.store.put(keys.markdown, markdown, 'text/markdown; charset=utf-8'),
    json: await deps.store.put(keys.json, liveJson(report), 'application/json'),
    sha256,
  }
  const { subject, text } = evidenceSummary(report, where)
  await deps.ses.send(
    new SendEmailCommand({
      Source: deps.senderEmail,
      Destination: { ToAddresses: [deps.auditEmail] },
      Message: {
        Subject: { Data: subject, Charset: 'UTF-8' },
        Body: {
          Text: { Data: `${text}\n\n${markdown}`, Charset: 'UTF-8' },
          Html: {
            Data: emailDocument(
              subject,
              `<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(text)}</pre><hr><pre style="white-space:pre-wrap;font-size:13px">${escapeHtml(markdown)}</pre>`,
            ),
            Charset: 'UTF-8',
          },
        },
      },
    }),
    deps.signal ? { abortSignal: deps.signal } : {},
  )
  return {
    failures: fail,
    markdown: where.markdown,
    json: where.json,
    sha256,
    bytes: Buffer.byteLength(markdown),
  }
}
