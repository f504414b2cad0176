import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { readMailbox } from '#local/mailbox.ts'
import { expectNoAxeViolations, sharedChromium } from './chromium.ts'
import { localPipeline } from './local-pipeline.ts'

/**
 * The pages staff reach from the 24-hour promise's e-mails, on a phone (390 px, JavaScript off,
 * as the strictest mail client's browser): the page of every waiting enquiry (the digest's and
 * weekly summary's link) and "I have answered this".
 */
const { links, runDigest, postEnquiry } = localPipeline()
const browser = await sharedChromium()

/** An enquiry through the API; held back as spam (the honeypot filled in) when `held`. */
const enquiry = (held: boolean) =>
  postEnquiry('Answer pages', held ? { website: 'https://spam.example' } : {})

/** A phone's window with JavaScript off. */
async function onPhone(link: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  })
  const page = await context.newPage()
  await page.goto(link)
  return { page, close: () => context.close() }
}

/** Nothing wider than the phone, and axe's checks (run on a copy: the page itself has no script). */
async function readsOnAPhone(page: Page) {
  await expect(
    page.evaluate(() => document.documentElement.scrollWidth),
  ).resolves.toBeLessThanOrEqual(390)
  const withScripts = await browser.newContext({ viewport: { width: 390, height: 844 } })
  try {
    const copy = await withScripts.newPage()
    await copy.setContent(await page.content(), { waitUntil: 'load' })
    await expectNoAxeViolations(copy)
  } finally {
    await withScripts.close()
  }
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()

describe('the pages of the 24-hour promise, on a phone', () => {
  it('the digest’s "See every waiting enquiry" lists each with its links; one more click opens its button', async () => {
    const id = await enquiry(true)
    await runDigest()
    const digest = (await readMailbox(inject('mailboxUrl')))
      .filter((email) => email.subject.includes('waiting for you'))
      .at(-1)
    const waiting = /See every waiting enquiry: (\S+)/.exec(digest?.body.text ?? '')?.[1] as string
    const { page, close } = await onPhone(waiting)
    try {
      await expect(heading(page)).resolves.toBe('Enquiries waiting for you')
      const ref = id.replaceAll('-', '').slice(0, 8).toUpperCase()
      const entry = page.locator('dt', { hasText: ref })
      await expect(entry.count()).resolves.toBe(1)
      await expect(page.getByRole('button').count()).resolves.toBe(0)
      await readsOnAPhone(page)
      // The second click: the enquiry's own page, one button.
      await page
        .locator('dt', { hasText: ref })
        .locator('xpath=following-sibling::dd[1]')
        .getByRole('link', { name: 'Send it to me' })
        .click()
      await expect(heading(page)).resolves.toBe('Send this enquiry to you?')
      await expect(page.getByRole('button', { name: 'Send it to me' }).count()).resolves.toBe(1)
    } finally {
      await close()
    }
  })

  it('"I have answered this": a page with one button, which records the answer once', async () => {
    const id = await enquiry(false)
    const { page, close } = await onPhone(links(new Date())(id, 'answer'))
    try {
      await expect(heading(page)).resolves.toBe('Mark this enquiry as answered?')
      await readsOnAPhone(page)
      await page.getByRole('button', { name: 'I have answered this' }).click()
      await expect(heading(page)).resolves.toBe('Marked as answered')
      await page.goto(links(new Date())(id, 'answer'))
      await expect(heading(page)).resolves.toBe('This enquiry was already answered')
      await expect(page.locator('main').textContent()).resolves.toMatch(
        /That was done on \w{3} \d+ \w{3} \d{4}, \d\d:\d\d (GMT|BST) \(with the “I have answered this” link\)/,
      )
    } finally {
      await close()
    }
  })
})
