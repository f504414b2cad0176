import { describe, expect, it } from 'vitest'
import { contactFormHref } from '#shared/routes.ts'
import { expectNoAxeViolations, openPage, sharedChromium, viewports } from './chromium.ts'

const browser = await sharedChromium()

describe('home page', () => {
  it('opens with the full-screen hero and its two buttons', async () => {
    const { page, close } = await openPage(browser, '/')
    const h1 = page.getByRole('heading', { level: 1 })
    await expect(h1.textContent()).resolves.toBe('Elevate Your Digital Presence')
    const hero = page.getByRole('region', { name: 'Elevate Your Digital Presence' })
    const heroBox = await hero.boundingBox()
    // Fills the viewport below the 80 px header offset.
    expect(heroBox?.height).toBeGreaterThanOrEqual(800 - 80)
    await expect(
      hero.getByRole('link', { name: 'Start Your Journey' }).getAttribute('href'),
    ).resolves.toBe(contactFormHref)
    await expect(
      hero.getByRole('link', { name: 'Explore Services' }).getAttribute('href'),
    ).resolves.toBe('/services')
    await close()
  })

  it('shows the four service cards, each with three feature bullets, then View All Services', async () => {
    const { page, close } = await openPage(browser, '/')
    const cards = page.locator('#services li:has(> h3)')
    await expect(cards.locator('h3').allTextContents()).resolves.toEqual([
      'SEO',
      'Website Development',
      'Social Media Management',
      'Digital Analytics',
    ])
    for (const card of await cards.all()) {
      await expect(card.locator('ul > li').count()).resolves.toBe(3)
    }
    await expect(
      page.getByRole('link', { name: 'View All Services' }).getAttribute('href'),
    ).resolves.toBe('/services')
    await close()
  })

  it('ends with the call-to-action block: Call Us, Email Us, Contact Form and the consultation button', async () => {
    const { page, close } = await openPage(browser, '/')
    const tile = (name: string) => page.getByRole('link', { name: new RegExp(`^${name}`) })
    await expect(tile('Call Us').getAttribute('href')).resolves.toBe('tel:+442079460321')
    await expect(tile('Email Us').getAttribute('href')).resolves.toBe(
      'mailto:hello@elevate-digital.example',
    )
    await expect(tile('Contact Form').getAttribute('href')).resolves.toBe(contactFormHref)
    await expect(
      page.getByRole('link', { name: 'Start Your Free Consultation' }).getAttribute('href'),
    ).resolves.toBe(contactFormHref)
    await close()
  })

  it('loads nothing from any other origin', async () => {
    const { page, requests, close } = await openPage(browser, '/')
    await page.waitForLoadState('networkidle')
    const origin = new URL(page.url()).origin
    expect(requests.filter((request) => new URL(request).origin !== origin)).toEqual([])
    expect(requests.length).toBeGreaterThan(1)
    await close()
  })

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`has no WCAG 2.2 AA violations at ${viewport.width} px (${name})`, async () => {
      const { page, close } = await openPage(browser, '/', viewport)
      await expectNoAxeViolations(page)
      await close()
    })
  }
})
