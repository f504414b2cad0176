import { describe, expect, it } from 'vitest'
import { contactFormHref } from '#shared/routes.ts'
import { layoutShift, openPage, scrollTo, sharedChromium, viewports } from './chromium.ts'

const browser = await sharedChromium()

describe('navigation bar', () => {
  it('links to every section and has a Contact Us button', async () => {
    const { page, close } = await openPage(browser, '/')
    const nav = page.getByRole('navigation', { name: 'Main', exact: true })
    const links = await nav
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent?.trim(), a.getAttribute('href')]))
    expect(links).toEqual([
      ['Home', '/'],
      ['About Us', '/about'],
      ['Our Values', '/values'],
      ['Services', '/services'],
      ['Why Choose Us', '/why-choose-us'],
      ['FAQ', '/faq'],
      ['Contact Us', contactFormHref],
    ])
    await expect(
      nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current'),
    ).resolves.toBe('page')
    await close()
    // Contact Us leads to the form on the contact page, and marks that page as the current one.
    const contact = await openPage(browser, '/contact')
    await expect(
      contact.page
        .getByRole('navigation', { name: 'Main', exact: true })
        .getByRole('link', { name: 'Contact Us' })
        .getAttribute('aria-current'),
    ).resolves.toBe('page')
    await contact.close()
  })

  it('is fixed at the top and offsets the page by 20 units (5rem)', async () => {
    const { page, close } = await openPage(browser, '/')
    const header = page.locator('header')
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
    expect(await page.locator('main').evaluate((el) => getComputedStyle(el).paddingTop)).toBe(
      '80px',
    )
    await scrollTo(page, 600)
    expect((await header.boundingBox())?.y).toBe(0)
    await close()
  })

  it('turns translucent with less padding only after scrolling more than 50 px, moving nothing', async () => {
    const { page, close } = await openPage(browser, '/')
    const header = page.locator('header')
    // What a visitor sees: the bar's colour, its height, and how far its row sits from the top.
    const look = () =>
      header.evaluate((el) => {
        const bar = el.getBoundingClientRect()
        const row = el.querySelector('a')?.getBoundingClientRect()
        return {
          background: getComputedStyle(el).backgroundColor,
          height: bar.height,
          rowTop: row?.top ?? Number.NaN,
        }
      })
    // Transitions would make the values lag; read the end states. Without them a change that
    // moves the row by layout is one shift, in one frame, so the count below cannot miss it.
    await header.evaluate((el) => {
      for (const element of [el, ...el.querySelectorAll('*')]) {
        ;(element as HTMLElement).style.transition = 'none'
      }
    })
    const top = await look()
    expect(top.background).toBe('rgb(255, 255, 255)')

    await scrollTo(page, 50)
    expect(await look()).toEqual(top)

    await scrollTo(page, 51)
    const scrolled = await look()
    expect(scrolled.background).toMatch(/^rgba\(255, 255, 255, 0\.\d+\)$/)
    // py 4 to py 2: 0.5rem less above the row and 0.5rem less below it.
    expect(scrolled.height).toBe(top.height - 16)
    expect(scrolled.rowTop).toBe(top.rowTop - 8)
    // The row is drawn higher by a transform: every scroll past 50 px would otherwise be a layout
    // shift (seen as 0.0003-0.0005 on /contact at 375 px).
    expect(await layoutShift(page)).toBe(0)

    await scrollTo(page, 0)
    expect(await look()).toEqual(top)
    await close()
  })
})

describe('mobile menu at 375 px', () => {
  it('is collapsed, opens from its toggle, and closes when a link is chosen', async () => {
    const { page, close } = await openPage(browser, '/', viewports.phone)
    await expect(
      page.getByRole('navigation', { name: 'Main', exact: true }).isVisible(),
    ).resolves.toBe(false)
    const toggle = page.getByRole('group').locator('summary')
    const menu = page.getByRole('navigation', { name: 'Main (mobile)' })
    await expect(menu.isVisible()).resolves.toBe(false)

    await toggle.click()
    await expect(menu.isVisible()).resolves.toBe(true)
    const labels = await menu.getByRole('link').allTextContents()
    expect(labels).toEqual([
      'Home',
      'About Us',
      'Our Values',
      'Services',
      'Why Choose Us',
      'FAQ',
      'Contact Us',
    ])

    // Choosing a link closes the menu (checked without leaving the page).
    await menu.getByRole('link', { name: 'About Us' }).evaluate((a) => {
      a.addEventListener('click', (event) => event.preventDefault(), { once: true })
    })
    await menu.getByRole('link', { name: 'About Us' }).click()
    await expect(menu.isVisible()).resolves.toBe(false)

    await toggle.click()
    await page.keyboard.press('Escape')
    await expect(menu.isVisible()).resolves.toBe(false)
    await close()
  })

  it('navigates when a link is chosen', async () => {
    const { page, close } = await openPage(browser, '/', viewports.phone)
    await page.locator('summary').click()
    await page
      .getByRole('navigation', { name: 'Main (mobile)' })
      .getByRole('link', { name: 'FAQ' })
      .click()
    await page.waitForURL(/\/faq$/)
    await close()
  })
})

describe('scroll-to-top button', () => {
  it('appears only after scrolling past 300 px and returns smoothly to the top', async () => {
    const { page, close } = await openPage(browser, '/')
    const button = page.getByRole('button', { name: 'Scroll to top' })
    await expect(button.isVisible()).resolves.toBe(false)

    await scrollTo(page, 300)
    await expect(button.isVisible()).resolves.toBe(false)
    await scrollTo(page, 301)
    await expect(button.isVisible()).resolves.toBe(true)
    expect(await button.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('9999px')

    await scrollTo(page, 1200)
    // Every position the page passes through on the way up, recorded by the page itself: a busy
    // machine may take fewer steps, but a smooth scroll always has some between 1200 and 0.
    await page.evaluate(() => {
      const positions: number[] = []
      Object.assign(window, { scrollPositions: positions })
      addEventListener('scroll', () => positions.push(window.scrollY))
    })
    await button.click()
    await page.waitForFunction(() => window.scrollY === 0)
    const positions = await page.evaluate(
      () => (window as unknown as { scrollPositions: number[] }).scrollPositions,
    )
    expect(positions.some((y) => y > 0 && y < 1200)).toBe(true)
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await expect(button.isVisible()).resolves.toBe(false)
    await close()
  })
})

describe('footer', () => {
  it('links to the legal pages and the five service pages, with Analytics & Reporting unlinked (the spec gives it no page)', async () => {
    const { page, close } = await openPage(browser, '/')
    const footer = page.locator('footer')
    const links = Object.fromEntries(
      await footer
        .getByRole('link')
        .evaluateAll((anchors) =>
          anchors.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']),
        ),
    )
    expect(links).toMatchObject({
      'Privacy Policy': '/privacy-policy',
      Terms: '/terms',
      SEO: '/services/seo',
      'Social Media Marketing': '/services/social-media',
      'Pay-Per-Click': '/services/ppc',
      'Email Marketing': '/services/email-marketing',
      'Website Development': '/services/website-development',
      'hello@elevate-digital.example': 'mailto:hello@elevate-digital.example',
      '020 7946 0321': 'tel:+442079460321',
    })
    await expect(footer.getByText('Analytics & Reporting').count()).resolves.toBe(1)
    await expect(footer.getByRole('link', { name: 'Analytics & Reporting' }).count()).resolves.toBe(
      0,
    )
    await expect(
      footer.getByText('Elevate Digital is an ICO registered data controller.').isVisible(),
    ).resolves.toBe(true)
    await close()
  })
})
