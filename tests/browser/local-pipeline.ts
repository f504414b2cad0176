import { afterAll, expect, inject } from 'vitest'
import { createAwsClients } from '#functions/aws-clients.ts'
import { loadFunctionConfig } from '#functions/config.ts'
import { sendDigest } from '#functions/digest/send.ts'
import { actionLinker, linkKeyEnv } from '#functions/enquiries/action-links.ts'
import { silentLogger } from '#functions/log.ts'
import { localCredentials } from '#local/pipeline.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { url } from './chromium.ts'

/**
 * The pipeline of the local stack the global set-up started (as `npm start` runs it), reached as
 * its scheduled functions reach it: for the tests of the pages staff open from its e-mails. Its
 * AWS clients are destroyed after the calling file's tests.
 */
export function localPipeline() {
  const env = inject('pipelineEnv')
  const config = loadFunctionConfig(env)
  const clients = createAwsClients(config, { credentials: localCredentials })
  afterAll(() => {
    clients.documentClient.destroy()
    clients.ses.destroy()
  })
  const table = { client: clients.documentClient, tableName: config.enquiriesTable }
  const key = env[linkKeyEnv] as string
  const siteUrl = url('')
  /** Staff links to this site, signed at `now` as the stage's functions sign them. */
  const links = (now: Date) => actionLinker({ key, stage: 'local', siteUrl, now })
  let sequence = 0
  return {
    config,
    clients,
    table,
    key,
    siteUrl,
    links,
    /** The digest's run, as its schedule would run it at `now`. */
    runDigest: (now = new Date()) =>
      sendDigest({
        table,
        ses: clients.ses,
        addresses: config,
        log: silentLogger,
        now: () => now,
        links,
      }),
    /**
     * Posts the sample enquiry through the site's API as a visitor would, `fields` over it, with
     * an address and a message (starting `label`) of its own, so that none repeats another;
     * resolves its id once answered 201.
     */
    postEnquiry: async (label: string, fields: Record<string, string> = {}): Promise<string> => {
      sequence++
      const stamp = `${Date.now()}-${sequence}`
      const response = await fetch(`${siteUrl}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...sampleEnquiry,
          email: `enquiry-${stamp}@example.co.uk`,
          message: `${label} ${stamp}: please call me about a new website.`,
          ...fields,
        }),
      })
      expect(response.status).toBe(201)
      return ((await response.json()) as { id: string }).id
    },
  }
}
