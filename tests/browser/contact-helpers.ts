import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContextOptions, Page, Request } from 'playwright-core'
import { expect, inject } from 'vitest'
import { sampleEnquiry } from '../../shared/sample-enquiry.ts'
import { url, viewports } from './chromium.ts'
import { waitForShell } from './page-start.ts'

/** A complete, valid enquiry, as a visitor would type it. */
export const enquiry = sampleEnquiry

export type EnquiryField = keyof typeof enquiry

export const field = (page: Page, name: EnquiryField) => page.locator(`[name="${name}"]`)
export const submitButton = (page: Page) => page.locator('#contact-form button[type="submit"]')
/** The message beside the button after a send. */
export const statusMessage = (page: Page) => page.locator('#contact-form-status')
export const openToast = (page: Page) =>
  page.locator('[data-scope="toast"][data-part="root"][data-state="open"]')

export interface ContactPage {
  readonly page: Page
  readonly consoleProblems: string[]
  readonly requests: Request[]
  close(): Promise<void>
}

/**
 * Opens /contact with the cookie choice already made (the banner would cover the form's lower
 * half on a phone), recording console errors and warnings and every request.
 */
export async function openContact(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; path?: string } & Pick<
    BrowserContextOptions,
    'javaScriptEnabled'
  > = {},
): Promise<ContactPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? viewports.desktop,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  })
  await context.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'declined')
    // CSP violations (e.g. a library probing for eval) show in no console; record them.
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  const page = await context.newPage()
  const consoleProblems: string[] = []
  const requests: Request[] = []
  page.on('console', (message) => {
    const text = message.text()
    // The default build has no measurement id; the analytics module says so, as the spec asks.
    if (text === 'Missing required Google Analytics key') return
    if (message.type() === 'error' || message.type() === 'warning') consoleProblems.push(text)
  })
  page.on('pageerror', (error) => consoleProblems.push(error.message))
  page.on('request', (request) => requests.push(request))
  await page.goto(url(options.path ?? '/contact'), { waitUntil: 'load' })
  // Without JavaScript the page is the native form, and no script of it ever starts.
  if (options.javaScriptEnabled !== false) await waitForShell(page)
  return { page, consoleProblems, requests, close: () => context.close() }
}

/**
 * Brings the form into view, points at it (on a desktop screen it is in view at load, and only
 * a sign of use loads its code) and waits for its code to take over.
 */
export async function enhanceForm(page: Page) {
  const form = page.locator('#contact-form')
  await form.scrollIntoViewIfNeeded()
  await form.hover()
  await page.locator('form[data-interactive]').waitFor()
}

export async function fillEnquiry(
  page: Page,
  values: Partial<Record<EnquiryField, string>> = enquiry,
) {
  for (const [name, value] of Object.entries(values)) {
    await field(page, name as EnquiryField).fill(value)
  }
}

export async function fieldValues(page: Page): Promise<Record<EnquiryField, string>> {
  const entries = await Promise.all(
    Object.keys(enquiry).map(async (name) => [
      name,
      await field(page, name as EnquiryField).inputValue(),
    ]),
  )
  return Object.fromEntries(entries)
}

export async function expectDisabled(page: Page, disabled: boolean) {
  await expect.poll(() => submitButton(page).isDisabled()).toBe(disabled)
}

interface ManifestEntry {
  readonly file: string
  readonly imports?: readonly string[]
  readonly dynamicImports?: readonly string[]
}

function assetClosure() {
  const manifestPath = join(inject('distDir'), '..', 'assets.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>
  const closure = (
    key: string,
    follow: 'imports' | 'all',
    files = new Set<string>(),
    skip: readonly string[] = [],
  ) => {
    const entry = manifest[key]
    if (!entry || files.has(entry.file) || skip.includes(key)) return files
    files.add(entry.file)
    const next = [
      ...(entry.imports ?? []),
      ...(follow === 'all' ? (entry.dynamicImports ?? []) : []),
    ]
    for (const imported of next) closure(imported, follow, files, skip)
    return files
  }
  return closure
}

const toastHost = 'components/toast/toast-host.tsx'

/**
 * The files only the form's own code needs: its chunk and the checks it loads once interactive,
 * minus what the page's client script already loads (the small modules both share). The toasts'
 * code is not among them: it comes when a send starts (toastFiles).
 */
export function islandFiles(): string[] {
  const closure = assetClosure()
  // What the page loads up front: its client entry and that entry's static imports.
  const initial = closure('pages/contact/+client.ts', 'imports')
  return [...closure('components/contact-form/enhance.ts', 'all', new Set(), [toastHost])].filter(
    (file) => !initial.has(file),
  )
}

/** The toasts' files (React and Chakra among them), which no other script on /contact loads. */
export function toastFiles(): string[] {
  const closure = assetClosure()
  const elsewhere = new Set([...closure('pages/contact/+client.ts', 'imports'), ...islandFiles()])
  return [...closure(toastHost, 'imports')].filter((file) => !elsewhere.has(file))
}

/** Holds the island's scripts back until the returned function is called. */
export async function holdIsland(page: Page, files: readonly string[] = islandFiles()) {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const matches = (address: URL) => files.some((file) => address.pathname.endsWith(file))
  await page.route(matches, async (route) => {
    await held
    await route.continue().catch(() => undefined)
  })
  return async () => {
    release()
    await page.unroute(matches)
  }
}
