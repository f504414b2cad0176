import { existsSync, mkdirSync } from 'node:fs'
import { parseSite } from '#shared/site.ts'
import { localActionLinkKey } from './action-link-key.ts'
import { startLocalPipeline } from './pipeline.ts'
import { startLocalServer } from './server.ts'
import { ensureLocalSyntheticKey, localSyntheticKeyFile } from './synthetic-key.ts'

const root = new URL('../dist/client/', import.meta.url).pathname
if (!existsSync(`${root}index.html`)) {
  console.error(
    'No build found in dist/client: run `npm run build` first (npm start does it for you).',
  )
  process.exit(1)
}

const site = parseSite(process.env)
const port = Number(process.env.PORT ?? 3000)
const inboundPort = Number(process.env.INBOUND_PORT ?? 2525)
// Git-ignored; enquiries sent locally survive restarts. Delete the folder to start afresh.
const dataDir = new URL('../.data/dynamodb/', import.meta.url).pathname
mkdirSync(dataDir, { recursive: true })
const api = await startLocalPipeline({
  dataDir,
  dynamoDbPort: Number(process.env.DYNAMODB_PORT ?? 8000),
  sesPort: Number(process.env.SES_PORT ?? 8005),
  inboundPort,
  agencyEmail: site.email,
  // The enquiry e-mail's "I have answered this" link opens on the local site.
  siteUrl: `http://127.0.0.1:${port}`,
  syntheticKey: ensureLocalSyntheticKey(),
  // The same key `npm run enquiries -- digest` signs its links with.
  actionLinkKey: localActionLinkKey(),
  siteDirectory: root,
})
const running = await startLocalServer({
  root,
  port,
  analytics: Boolean(site.gaMeasurementId),
  api: api.handle,
})

console.log(`${site.name} is running locally.`)
console.log(`  Site:    ${running.url}/`)
console.log(
  `  Mailbox: ${api.mailboxUrl}/  (the agency's e-mails; JSON at ${api.mailboxUrl}/store)`,
)
console.log(`  Data:    ${dataDir} (DynamoDB emulated by dynalite at ${api.dynamoDbUrl})`)
console.log(
  `  Inbound: ${api.inboundUrl}  (staff replies to ${api.config.replyDomain} record the answer, as SES receiving does)`,
)
console.log(
  '  Origin:  no secret (no CloudFront here); in AWS the contact function refuses requests without it',
)
console.log(
  `  Canary:  npm run canary -- ${running.url}  (its synthetic key: ${localSyntheticKeyFile})`,
)
console.log('Press Ctrl+C to stop.')

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    Promise.allSettled([running.close(), api.close()]).finally(() => process.exit(0))
  })
}
