import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactFormHref } from '#shared/routes.ts'
import { openPage, sharedChromium, viewports } from './chromium.ts'
import { breadcrumbs, buttons, outline, region, texts } from './page-reading.ts'

const browser = await sharedChromium()

const isOpen = (entry: Locator) => entry.evaluate((details) => (details as HTMLDetailsElement).open)
const openStates = (entries: Locator) =>
  entries.evaluateAll((all) => all.map((details) => (details as HTMLDetailsElement).open))
/** What a visitor sees of an answer: is its text rendered? */
const answerVisible = (entry: Locator) => entry.locator(':scope > :not(summary)').isVisible()

describe('/faq', () => {
  it('reads as a page of ten questions with a closing call to action', async () => {
    const { page, close } = await openPage(browser, '/faq')
    expect(await outline(page)).toEqual({
      h1: ['Frequently Asked Questions'],
      h2: ['Common Questions', 'Still Have Questions?'],
    })
    expect(await breadcrumbs(page)).toEqual(['Home', 'FAQ'])
    const questions = await texts(region(page, 'Common Questions').locator('summary'))
    expect(questions).toHaveLength(10)
    expect(new Set(questions).size).toBe(10)
    for (const question of questions) expect(question).toMatch(/\?$/)
    expect(await buttons(page)).toEqual([['Ask Us a Question', contactFormHref]])
    await close()
  })

  it('starts with every answer closed', async () => {
    const { page, close } = await openPage(browser, '/faq')
    const entries = page.locator('main details')
    expect(await openStates(entries)).toEqual(Array(10).fill(false))
    for (const entry of await entries.all()) {
      await expect(answerVisible(entry)).resolves.toBe(false)
    }
    await close()
  })

  it('toggles an answer on each click and keeps several open at once', async () => {
    const { page, close } = await openPage(browser, '/faq')
    const entries = page.locator('main details')
    const first = entries.nth(0)
    const fourth = entries.nth(3)

    await first.locator('summary').click()
    await expect(isOpen(first)).resolves.toBe(true)
    await expect(answerVisible(first)).resolves.toBe(true)
    await expect(first.textContent()).resolves.toContain('search engine optimisation')

    await fourth.locator('summary').click()
    await expect(isOpen(fourth)).resolves.toBe(true)
    await expect(isOpen(first)).resolves.toBe(true)
    expect((await openStates(entries)).filter(Boolean)).toHaveLength(2)

    await first.locator('summary').click()
    await expect(isOpen(first)).resolves.toBe(false)
    await expect(answerVisible(first)).resolves.toBe(false)
    await expect(isOpen(fourth)).resolves.toBe(true)
    await close()
  })

  it('works from the keyboard: Tab reaches each question, Enter and Space toggle it', async () => {
    const { page, close } = await openPage(browser, '/faq', viewports.phone)
    const entries = page.locator('main details')
    const summaries = entries.locator('summary')
    await summaries.nth(0).focus()
    await expect(summaries.nth(0).evaluate((el) => el === document.activeElement)).resolves.toBe(
      true,
    )
    await page.keyboard.press('Enter')
    await expect(isOpen(entries.nth(0))).resolves.toBe(true)

    await page.keyboard.press('Tab')
    await expect(summaries.nth(1).evaluate((el) => el === document.activeElement)).resolves.toBe(
      true,
    )
    await page.keyboard.press('Space')
    await expect(isOpen(entries.nth(1))).resolves.toBe(true)
    await page.keyboard.press('Space')
    await expect(isOpen(entries.nth(1))).resolves.toBe(false)

    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await expect(isOpen(entries.nth(0))).resolves.toBe(false)
    await close()
  })

  it('shows a visible focus indicator on the focused question', async () => {
    const { page, close } = await openPage(browser, '/faq')
    await page.keyboard.press('Tab') // the skip link
    const summary = page.locator('main summary').first()
    await summary.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    const outlineStyle = await summary.evaluate((el) => getComputedStyle(el).outlineStyle)
    expect(outlineStyle).not.toBe('none')
    await close()
  })

  it('tells search engines the same questions and answers it shows', async () => {
    const { page, close } = await openPage(browser, '/faq')
    const data = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '')))
    const faq = data.find((item) => item['@type'] === 'FAQPage')
    const questions = await texts(page.locator('main summary'))
    expect(faq.mainEntity.map((entry: { name: string }) => entry.name)).toEqual(questions)
    const answers = await texts(page.locator('main details > :not(summary)'))
    expect(
      faq.mainEntity.map(
        (entry: { acceptedAnswer: { text: string } }) => entry.acceptedAnswer.text,
      ),
    ).toEqual(answers)
    await close()
  })
})
