import { existsSync } from 'node:fs'
import { parseSite } from '../../shared/site.ts'
import { startLocalServer } from './server.ts'

const root = new URL('../../dist/client/', import.meta.url).pathname
if (!existsSync(`${root}index.html`)) {
  console.error(
    'No build found in dist/client: run `npm run build` first (npm start does it for you).',
  )
  process.exit(1)
}

const site = parseSite(process.env)
const port = Number(process.env.PORT ?? 3000)
const running = await startLocalServer({ root, port, analytics: Boolean(site.gaMeasurementId) })

console.log(`${site.name} is running locally.`)
console.log(`  Site:    ${running.url}/`)
console.log('Press Ctrl+C to stop.')

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    running.close().finally(() => process.exit(0))
  })
}
