import { chromium } from 'playwright-core'
const [url, out, w, h, full] = process.argv.slice(2)
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] })
const p = await b.newPage({ viewport: { width: Number(w), height: Number(h) } })
await p.goto(url)
await p.screenshot({ path: out, fullPage: full === 'full' })
await b.close()
