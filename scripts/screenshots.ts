/**
 * Full-page screenshots of every page at a phone's and a laptop's width (`npm run screenshots`,
 * scripts/screenshots-cli.ts, which says how to use it).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, chromium, type Page } from 'playwright-core'
import { CONSENT_DATE_KEY, CONSENT_KEY } from '#frontend/consent/constants.ts'
import { startLocalServer } from '#local/server.ts'
import { routes } from '#shared/routes.ts'
import { chromiumPath, headlessFlags } from '#tests/browser/chromium-binary.ts'
import { waitForShell } from '#tests/browser/page-start.ts'

/** A phone (the width most UK phones report) and a common laptop. */
export const widths = [390, 1366] as const

/** The sitemap's pages, and the page a mistyped address lands on. */
export const allPaths = [...routes.map((route) => route.path), '/no-such-page']

export interface ScreenshotOptions {
  readonly out: string
  readonly dist: string
  readonly build: boolean
  readonly paths: readonly string[]
}

const repoRoot = resolve(import.meta.dirname, '..')

export function parseScreenshotOptions(args: string[]): ScreenshotOptions {
  const { values } = parseArgs({
    args,
    options: {
      out: { type: 'string', default: 'screenshots' },
      dist: { type: 'string', default: join(repoRoot, 'dist', 'client') },
      build: { type: 'boolean', default: false },
      route: { type: 'string', multiple: true },
    },
  })
  const paths = values.route ?? allPaths
  for (const path of paths) {
    if (!path.startsWith('/')) throw new Error(`--route must be a path like /about (got ${path})`)
  }
  return { out: resolve(values.out), dist: resolve(values.dist), build: values.build, paths }
}

/** `/` → `home`, `/services/seo` → `services-seo`. */
export function fileStem(path: string): string {
  return path === '/' ? 'home' : path.replace(/^\/+|\/+$/g, '').replace(/[^\w-]+/g, '-')
}

/** Scrolls through the page so lazy images load, then back to the top, and waits for them. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done))
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo({ top: y, behavior: 'instant' })
      await frame()
    }
    window.scrollTo({ top: 0, behavior: 'instant' })
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)))
    await document.fonts.ready
    await frame()
    await frame()
  })
}

async function shoot(browser: Browser, base: string, path: string, width: number, file: string) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
  })
  try {
    await context.addInitScript(
      ([key, dateKey]) => {
        localStorage.setItem(key, 'declined')
        localStorage.setItem(dateKey, new Date().toISOString())
      },
      [CONSENT_KEY, CONSENT_DATE_KEY] as const,
    )
    const page = await context.newPage()
    await page.goto(`${base}${path}`, { waitUntil: 'load' })
    // The shell shows what only it shows (the footer's cookie settings), so every shot has it.
    await waitForShell(page)
    await settle(page)
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
  } finally {
    await context.close()
  }
}

/** Takes every page at every width; resolves the files written, in order. */
export async function takeScreenshots(options: ScreenshotOptions): Promise<string[]> {
  if (options.build || !existsSync(join(options.dist, 'index.html'))) {
    console.log('Building the site…')
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: repoRoot, stdio: 'inherit' })
  }
  if (!existsSync(join(options.dist, 'index.html'))) {
    throw new Error(`No built site in ${options.dist} (expected index.html there)`)
  }
  mkdirSync(options.out, { recursive: true })
  const server = await startLocalServer({ root: options.dist, port: 0, analytics: false })
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...headlessFlags] })
  const written: string[] = []
  try {
    for (const path of options.paths) {
      for (const width of widths) {
        const file = join(options.out, `${fileStem(path)}-${width}.png`)
        await shoot(browser, server.url, path, width, file)
        written.push(file)
        console.log(`${path} at ${width} px → ${file}`)
      }
    }
  } finally {
    await browser.close()
    await server.close()
  }
  return written
}
