import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { SESClient } from '@aws-sdk/client-ses'
import { requestHandlerOptions } from '#functions/aws-clients.ts'
import { callsWithin, liveAws } from '#functions/retention-audit/live/calls.ts'
import { runLiveCheck } from '#functions/retention-audit/live/live-check.ts'
import { type EvidenceStore, writeEvidence } from '#functions/retention-evidence/evidence.ts'
import { parseSite } from '#shared/site.ts'
import { unreachableMailboxSaid } from './mailbox.ts'
import { localSenderEmail } from './pipeline.ts'
import type { LocalTable } from './table-target.ts'

/**
 * `npm run enquiries -- evidence`: the monthly retention evidence's own code
 * (functions/retention-evidence/evidence.ts), run now on the local stack: the live check of its
 * table (dynalite: the stored items' timestamps), the report written under `folder` (the locked
 * bucket's stand-in), and the e-mail to the auditor (the agency inbox) sent to the local mailbox.
 */
export async function sendLocalEvidence(
  table: LocalTable,
  env: Record<string, string | undefined>,
  folder: string,
  now: Date = new Date(),
) {
  const mailbox = `http://127.0.0.1:${env.SES_PORT ?? 8005}`
  const auditEmail = parseSite(env).email
  const ses = new SESClient({
    region: 'eu-west-2',
    endpoint: mailbox,
    credentials: table.credentials,
    maxAttempts: 1,
    requestHandler: requestHandlerOptions,
  })
  const aws = liveAws(callsWithin(60_000), {
    endpoint: table.endpoint,
    credentials: table.credentials,
  })
  const store: EvidenceStore = {
    async put(key, body) {
      const file = join(folder, key)
      await mkdir(dirname(file), { recursive: true })
      await writeFile(file, body)
      return file
    },
  }
  try {
    const outcome = await writeEvidence({
      check: () =>
        runLiveCheck(
          aws,
          {
            stage: 'local',
            stacks: [],
            localTable: { name: table.tableName, region: 'eu-west-2', key: 'local' },
          },
          { now },
        ),
      store,
      ses,
      senderEmail: localSenderEmail,
      auditEmail,
    })
    return { outcome, mailbox, auditEmail }
  } catch (error) {
    throw unreachableMailboxSaid(error, mailbox)
  } finally {
    aws.close()
    ses.destroy()
  }
}
