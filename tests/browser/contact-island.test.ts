import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium, url, viewports } from './chromium.ts'
import * as contact from './contact-helpers.ts'

/**
 * Static first (DESIGN decision 6): /contact is prerendered HTML with a small script;
 * the form's own code is fetched only when the form is about to be used (the visitor scrolls it
 * near, points at it or focuses it; being in view at load is not enough), then takes over the
 * prerendered form in place. React and Chakra never reach the browser.
 */

const scriptPaths = (requests: { url(): string; resourceType(): string }[]) =>
  requests
    .filter((request) => request.resourceType() === 'script')
    .map((request) => new URL(request.url()).pathname)

/** Sum of layout-shift scores so far (not counting shifts right after input). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & {
            value: number
            hadRecentInput: boolean
          })[]
          resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0))
        }).observe({ type: 'layout-shift', buffered: true })
        // No entries at all means no shift; the observer never calls back then.
        setTimeout(() => resolve(0), 500)
      }),
  )

/**
 * Two rendering opportunities: by then the page's IntersectionObserver has made its first
 * report, so a load it would start wrongly has been requested.
 */
const afterTwoFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  )

let browser: Browser
let island: string[]
beforeAll(async () => {
  browser = await launchChromium()
  island = contact.islandFiles()
})
afterAll(() => browser?.close())

describe('contact form island', () => {
  it('takes over the form and shows its toasts without React, Chakra or zod', () => {
    const distDir = inject('distDir')
    const read = (files: readonly string[]) =>
      files.map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n')
    const zodMarker = '$ZodType'
    // React's client and Chakra's toaster (its store's class name and React's root API).
    const markers = ['createRoot', 'chakra-toast', 'react.element']
    expect(island.length).toBeGreaterThan(0)
    const formCode = read(island.filter((file) => !read([file]).includes(zodMarker)))
    expect(formCode).toContain('data-interactive')
    expect(formCode).toContain('data-toast-region')
    for (const marker of [...markers, zodMarker]) expect(formCode).not.toContain(marker)
    // The checks (zod and the schema) are the form's too, loaded once it is interactive; nothing
    // the page can load brings React or Chakra.
    expect(read(island)).toContain(zodMarker)
    for (const marker of markers) expect(read(island)).not.toContain(marker)
  })

  it('is not requested while the form is far below the fold on a phone, and the page loads under 15 KB of JavaScript', async () => {
    const { page, requests, consoleProblems, close } = await contact.openContact(browser, {
      viewport: viewports.phone,
    })
    await page.waitForLoadState('networkidle')
    await afterTwoFrames(page)
    const scripts = scriptPaths(requests)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((path) => island.some((file) => path.endsWith(file)))).toEqual([])
    await expect(page.locator('form[data-interactive]').count()).resolves.toBe(0)

    const brotliBytes = scripts
      .map((path) => readFileSync(join(inject('distDir'), path)))
      .reduce((sum, body) => sum + brotliCompressSync(body).length, 0)
    expect(brotliBytes).toBeLessThan(15 * 1024)

    // Scrolled near, it arrives and takes over.
    await contact.enhanceForm(page)
    // The form's checks follow by a moment (they load once it is interactive).
    await expect
      .poll(() =>
        island.filter((file) => !scriptPaths(requests).some((path) => path.endsWith(file))),
      )
      .toEqual([])
    expect(consoleProblems).toEqual([])
    await close()
  })

  it('is not requested on a desktop screen where the form is in view at load, until the pointer reaches it', async () => {
    const { page, requests, consoleProblems, close } = await contact.openContact(browser, {
      viewport: { width: 1350, height: 940 }, // Lighthouse's desktop preset
    })
    const form = page.locator('#contact-form')
    const box = await form.boundingBox()
    expect(box?.y).toBeLessThan(940)
    await page.waitForLoadState('networkidle')
    await afterTwoFrames(page)
    expect(
      scriptPaths(requests).filter((path) => island.some((file) => path.endsWith(file))),
    ).toEqual([])
    await expect(page.locator('form[data-interactive]').count()).resolves.toBe(0)

    // Its top corner, which is in view: nothing scrolls.
    await form.hover({ position: { x: 10, y: 10 } })
    await page.locator('form[data-interactive]').waitFor()
    // The form's checks follow by a moment (they load once it is interactive).
    await expect
      .poll(() =>
        island.filter((file) => !scriptPaths(requests).some((path) => path.endsWith(file))),
      )
      .toEqual([])
    // Taking over moves nothing.
    expect(await form.boundingBox()).toEqual(box)
    await expect(layoutShift(page)).resolves.toBe(0)
    expect(consoleProblems).toEqual([])
    await close()
  })

  it('loads as soon as focus enters the form, before it is scrolled to', async () => {
    const { page, close } = await contact.openContact(browser, { viewport: viewports.phone })
    await page.waitForLoadState('networkidle')
    await contact.field(page, 'firstName').evaluate((input) => input.focus({ preventScroll: true }))
    await page.locator('form[data-interactive]').waitFor()
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0)
    await close()
  })

  it('takes over a form the visitor focused before the page’s script ran', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop })
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'))
    const page = await context.newPage()
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const pageScript = (address: URL) => /\/pages_contact_client\.[^/]+\.js$/.test(address.pathname)
    await page.route(pageScript, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(url('/contact'), { waitUntil: 'domcontentloaded' })
    await contact.field(page, 'firstName').focus()
    release()
    await page.locator('form[data-interactive]').waitFor()
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe(
      'firstName',
    )
    await context.close()
  })

  it('takes over without console errors, layout shift or losing what was typed before it arrived', async () => {
    const { page, consoleProblems, close } = await contact.openContact(browser, {
      viewport: viewports.phone,
    })
    // Hold the island's code back while the visitor types.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(
      (url) => island.some((file) => url.pathname.endsWith(file)),
      async (route) => {
        await held
        await route.continue()
      },
    )
    const form = page.locator('#contact-form')
    await form.scrollIntoViewIfNeeded()
    const before = await form.boundingBox()
    await contact.fillEnquiry(page)
    await expect(page.locator('form[data-interactive]').count()).resolves.toBe(0)
    release()
    await page.locator('form[data-interactive]').waitFor()

    await expect(contact.fieldValues(page)).resolves.toEqual(contact.enquiry)
    await contact.expectDisabled(page, false)
    expect(await form.boundingBox()).toEqual(before)
    await expect(layoutShift(page)).resolves.toBe(0)
    expect(consoleProblems).toEqual([])
    await close()
  })

  it('leaves the native form working when its code cannot load', async () => {
    const { page, close } = await contact.openContact(browser, { viewport: viewports.phone })
    await page.route(
      (url) => island.some((file) => url.pathname.endsWith(file)),
      (route) => route.abort(),
    )
    const refused = page.waitForEvent('requestfailed', (request) =>
      island.some((file) => request.url().endsWith(file)),
    )
    await page.locator('#contact-form').scrollIntoViewIfNeeded()
    await refused
    await expect(page.locator('form[data-interactive]').count()).resolves.toBe(0)
    const form = page.locator('#contact-form form')
    await expect(form.getAttribute('method')).resolves.toBe('post')
    await expect(form.getAttribute('action')).resolves.toBe('/api/contacts/form')
    await expect(form.getAttribute('novalidate')).resolves.toBe(null)
    // The first script still keeps the button in step with the fields.
    await contact.expectDisabled(page, true)
    await contact.fillEnquiry(page)
    await contact.expectDisabled(page, false)
    await close()
  })
})
