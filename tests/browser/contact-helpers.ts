import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContextOptions, Locator, Page, Request } from 'playwright-core'
import { expect, inject } from 'vitest'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { url, viewports } from './chromium.ts'
import { waitForShell } from './page-start.ts'

/** A complete, valid enquiry, as a visitor would type it. */
export const enquiry = sampleEnquiry

export type EnquiryField = keyof typeof enquiry

/** The API's answer to an enquiry it stored. */
export const created = { id: 'enq-1', createdAt: '2026-11-21T10:00:00.000Z', message: 'Thank you' }

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

export interface OpenContactOptions extends Pick<BrowserContextOptions, 'javaScriptEnabled'> {
  readonly viewport?: { width: number; height: number }
  readonly path?: string
  /** A first visit: no cookie choice made, so the banner opens 1.5 s after load. */
  readonly firstVisit?: boolean
  /** Put the page on Playwright's fake clock, flowing, so a test can jump it ahead. */
  readonly fakeClock?: boolean
}

/**
 * Opens /contact, by default with the cookie choice already made (the banner would cover the
 * form's lower half on a phone), recording console errors and warnings and every request.
 */
export async function openContact(
  browser: Browser,
  options: OpenContactOptions = {},
): Promise<ContactPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? viewports.desktop,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  })
  if (!options.firstVisit) {
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'))
  }
  await context.addInitScript(() => {
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
  if (options.fakeClock) await page.clock.install()
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

/** Expects `within` to offer the agency's e-mail and phone as links that start a mail and a call. */
export async function expectAgencyContactLinks(within: Locator) {
  await expect(
    within.getByRole('link', { name: 'hello@elevate-digital.example' }).getAttribute('href'),
  ).resolves.toBe('mailto:hello@elevate-digital.example')
  await expect(
    within.getByRole('link', { name: '020 7946 0321' }).getAttribute('href'),
  ).resolves.toBe('tel:+442079460321')
}

interface ManifestEntry {
  readonly file: string
  readonly imports?: readonly string[]
  readonly dynamicImports?: readonly string[]
}

function assetClosure() {
  const manifestPath = join(inject('distDir'), '..', 'assets.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>
  const closure = (key: string, follow: 'imports' | 'all', files = new Set<string>()) => {
    const entry = manifest[key]
    if (!entry || files.has(entry.file)) return files
    files.add(entry.file)
    const next = [
      ...(entry.imports ?? []),
      ...(follow === 'all' ? (entry.dynamicImports ?? []) : []),
    ]
    for (const imported of next) closure(imported, follow, files)
    return files
  }
  return closure
}

/**
 * The files only the form's own code needs: its chunk (with the toasts) and the checks it loads
 * once interactive, minus what the page's client script already loads (the small modules both
 * share).
 */
export function islandFiles(): string[] {
  const closure = assetClosure()
  // What the page loads up front: its client entry and that entry's static imports.
  const initial = closure('pages/contact/+client.ts', 'imports')
  return [...closure('components/contact-form/on-use-enhance.ts', 'all')].filter(
    (file) => !initial.has(file),
  )
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

/** The local mailbox (the SES emulator): every e-mail the agency was sent. */
export interface StoredEmail {
  readonly subject: string
  readonly replyTo?: string[] | string
  readonly destination?: { readonly to?: string[] }
  readonly body?: { readonly text?: string; readonly html?: string }
}

/** Waits for the agency's e-mail whose text carries `marker`. */
export async function emailWith(marker: string): Promise<StoredEmail> {
  let found: StoredEmail | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(`${inject('mailboxUrl')}/store`)
        const { emails } = (await response.json()) as { emails: StoredEmail[] }
        found = emails.find((email) => email.body?.text?.includes(marker))
        return found !== undefined
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBe(true)
  return found as StoredEmail
}

export async function emailCount(marker: string): Promise<number> {
  const response = await fetch(`${inject('mailboxUrl')}/store`)
  const { emails } = (await response.json()) as { emails: StoredEmail[] }
  return emails.filter((email) => email.body?.text?.includes(marker)).length
}

export const uniqueMessage = (label: string) =>
  `Please call me about ${label} (${Date.now()}-${Math.random().toString(36).slice(2)}).`
