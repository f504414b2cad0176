import { describe, expect, it } from 'vitest'
import { contactFormHref } from '#shared/routes.ts'
import { expectCtaClick, openPage, sharedChromium } from './chromium.ts'
import { breadcrumbs, buttons, listItems, outline, region, texts } from './page-reading.ts'

const browser = await sharedChromium()

describe('/about', () => {
  it('tells the story and mission, with the three badges', async () => {
    const { page, close } = await openPage(browser, '/about')
    expect(await outline(page)).toEqual({
      h1: ['About Elevate Digital'],
      h2: ['Our Story', 'Our Mission', 'Let’s Talk About Your Goals'],
    })
    expect(await breadcrumbs(page)).toEqual(['Home', 'About Us'])
    const badges = await texts(listItems(page, 'Our Mission').locator('p:first-of-type'))
    expect(badges).toEqual(['100% Client Focused', 'Custom Tailored Solutions', 'ICO Registered'])
    expect(await buttons(page)).toEqual([
      ['Book Your Free Consultation', contactFormHref],
      ['Read Our Values', '/values'],
    ])
    await close()
  })

  it("shows the story's picture, drawn in the page, with its 'Premium Quality / Dedicated Service' badge", async () => {
    const { page, requests, close } = await openPage(browser, '/about')
    const story = region(page, 'Our Story')
    const image = story.getByRole('img')
    await expect(image.getAttribute('aria-label')).resolves.toMatch(/\w{10,}/)
    // Drawn inline at its 3:2 ratio from the first paint: nothing fetched, nothing to shift.
    const drawn = await image.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const svg = element.querySelector('svg')?.getBoundingClientRect()
      return { ratio: box.width / box.height, width: box.width, svgWidth: svg?.width }
    })
    expect(drawn.width).toBeGreaterThan(0)
    expect(drawn.ratio).toBeCloseTo(3 / 2, 2)
    expect(drawn.svgWidth).toBe(drawn.width)
    expect(requests.filter((request) => new URL(request).pathname.startsWith('/images/'))).toEqual(
      [],
    )
    await expect(story.getByText('Premium Quality', { exact: true }).isVisible()).resolves.toBe(
      true,
    )
    await expect(story.getByText('Dedicated Service', { exact: true }).isVisible()).resolves.toBe(
      true,
    )
    await close()
  })
})

describe('/values', () => {
  it('shows the six value cards', async () => {
    const { page, close } = await openPage(browser, '/values')
    const { h1 } = await outline(page)
    expect(h1).toEqual(['Our Values'])
    expect(await breadcrumbs(page)).toEqual(['Home', 'Our Values'])
    const cards = listItems(page, 'What We Stand For')
    expect(await texts(cards.locator('h3'))).toEqual([
      'Results-Focused',
      'Transparency',
      'Innovation',
      'Collaboration',
      'Integrity',
      'Excellence',
    ])
    for (const card of await cards.all()) {
      await expect(card.locator('p').textContent()).resolves.toMatch(/\w.{30,}/)
    }
    expect(await buttons(page)).toEqual([['Start Your Free Consultation', contactFormHref]])
    await close()
  })
})

describe('/services', () => {
  const linked = [
    ['Search Engine Optimisation', '/services/seo'],
    ['Social Media Marketing', '/services/social-media'],
    ['Pay-Per-Click Advertising', '/services/ppc'],
    ['Email Marketing', '/services/email-marketing'],
    ['Website Development', '/services/website-development'],
  ]

  it("shows five linked cards with three features and a 'Learn More' link each", async () => {
    const { page, close } = await openPage(browser, '/services')
    expect((await outline(page)).h1).toEqual(['Our Services'])
    expect(await breadcrumbs(page)).toEqual(['Home', 'Services'])
    const cards = listItems(page, 'How We Can Help')
    await expect(cards.count()).resolves.toBe(6)
    for (const [index, [title, href]] of linked.entries()) {
      const card = cards.nth(index)
      await expect(card.locator('h3').textContent()).resolves.toBe(title)
      await expect(card.getByRole('list').getByRole('listitem').count()).resolves.toBe(3)
      const link = card.getByRole('link')
      await expect(link.count()).resolves.toBe(1)
      await expect(link.getAttribute('href')).resolves.toBe(href)
      // The visible label is the spec's; the accessible name adds where it leads.
      await expect(link.evaluate((a) => a.textContent?.startsWith('Learn More'))).resolves.toBe(
        true,
      )
      await expect(
        page.getByRole('link', { name: `Learn More about ${title}` }).count(),
      ).resolves.toBe(1)
    }
    await close()
  })

  it('shows the Analytics & Reporting card, unlinked, with its six items', async () => {
    const { page, close } = await openPage(browser, '/services')
    const card = listItems(page, 'How We Can Help').nth(5)
    await expect(card.locator('h3').textContent()).resolves.toBe('Analytics & Reporting')
    expect(await texts(card.getByRole('list').getByRole('listitem'))).toEqual([
      'Performance tracking',
      'Regular reporting',
      'Monthly reports',
      'ROI analysis',
      'Conversion tracking',
      'Growth recommendations',
    ])
    await expect(card.getByRole('link').count()).resolves.toBe(0)
    await close()
  })

  it('closes with Get Started Today, to /contact', async () => {
    const { page, close } = await openPage(browser, '/services')
    expect(await buttons(page)).toEqual([['Get Started Today', contactFormHref]])
    await close()
  })
})

describe('/why-choose-us', () => {
  it('shows six benefit cards, six advantages, the promise and a button to /contact', async () => {
    const { page, close } = await openPage(browser, '/why-choose-us')
    expect(await outline(page)).toEqual({
      h1: ['Why Choose Us'],
      h2: [
        'The Benefits of Working With Us',
        'Our Advantages',
        'Our Promise',
        'See the Difference for Yourself',
      ],
    })
    expect(await breadcrumbs(page)).toEqual(['Home', 'Why Choose Us'])
    const benefits = listItems(page, 'The Benefits of Working With Us')
    await expect(benefits.count()).resolves.toBe(6)
    for (const card of await benefits.all()) {
      // Each card: an icon, a title and a description.
      await expect(card.locator('svg').count()).resolves.toBe(1)
      await expect(card.locator('h3').count()).resolves.toBe(1)
      await expect(card.locator('p').textContent()).resolves.toMatch(/\w.{20,}/)
    }
    const advantages = await texts(listItems(page, 'Our Advantages'))
    expect(advantages).toHaveLength(6)
    expect(advantages.join(' ')).toMatch(/free initial consultation/i)
    expect(advantages.join(' ')).toContain('5-mile radius')
    expect(advantages.join(' ')).toContain('24 hours')
    await expect(region(page, 'Our Promise').textContent()).resolves.toMatch(/\w.{80,}/)
    expect(await buttons(page)).toEqual([['Book Your Free Consultation', contactFormHref]])
    await close()
  })
})

describe('/terms', () => {
  const titles = [
    'Service Agreement',
    'Exclusive Territory Policy',
    'Customised Pricing',
    'Communication and Reporting',
    'Service Expectations',
    'Client Responsibilities',
    'Confidentiality',
    'Contract Terms and Cancellation',
    'Liability Limitations',
    'Modifications',
    'Contact Information',
  ]

  it('has eleven numbered sections, listed in its contents, then a link to /contact', async () => {
    const { page, close } = await openPage(browser, '/terms')
    const { h1, h2 } = await outline(page)
    expect(h1).toEqual(['Terms of Service'])
    expect(await breadcrumbs(page)).toEqual(['Home', 'Terms'])
    expect(h2).toEqual([
      'Contents',
      ...titles.map((title, index) => `${index + 1}. ${title}`),
      'Questions About These Terms?',
    ])
    const contents = page.getByRole('navigation', { name: 'Contents' }).getByRole('link')
    expect(await texts(contents)).toEqual(titles)
    for (const link of await contents.all()) {
      const id = (await link.getAttribute('href'))?.slice(1) ?? ''
      await expect(page.locator(`section[id="${id}"] h2`).count()).resolves.toBe(1)
    }
    expect(await buttons(page)).toEqual([['Contact Us', contactFormHref]])
    await close()
  })

  it("states the spec's commercial constants", async () => {
    const { page, close } = await openPage(browser, '/terms')
    const section = async (title: string) =>
      (await region(page, `${titles.indexOf(title) + 1}. ${title}`).textContent()) ?? ''
    const exclusivity = await section('Exclusive Territory Policy')
    expect(exclusivity).toContain('same direct services')
    expect(exclusivity).toContain('5-mile radius')
    expect(await section('Customised Pricing')).toMatch(/priced for each client/)
    expect(await section('Communication and Reporting')).toMatch(/monthly check-in/)
    const cancellation = await section('Contract Terms and Cancellation')
    expect(cancellation).toContain('month to month')
    expect(cancellation).toContain('no long-term contract')
    expect(cancellation).toContain('30 days’ written notice, sent by email or certified mail')
    expect(cancellation).toContain('prorated')
    expect(await section('Liability Limitations')).toContain(
      'limited to the amount you have paid us for the services',
    )
    const contact = await section('Contact Information')
    expect(contact).toContain('hello@elevate-digital.example')
    expect(contact).toContain('020 7946 0321')
    await close()
  })

  it('jumps to a section from its contents link', async () => {
    const { page, close } = await openPage(browser, '/terms')
    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: 'Liability Limitations' })
      .click()
    await page.waitForURL(/#liability$/)
    const heading = page.getByRole('heading', { name: '9. Liability Limitations' })
    const box = await heading.boundingBox()
    // Below the fixed header (scroll-padding), near the top of the viewport.
    expect(box?.y).toBeGreaterThanOrEqual(60)
    expect(box?.y).toBeLessThan(200)
    await close()
  })
})

describe('/privacy-policy', () => {
  const titles = [
    'Information We Collect',
    'How We Use Your Information',
    'Information Sharing',
    'Data Security',
    'Data Retention',
    'Your Rights Under UK GDPR',
    'Cookies and Website Analytics',
    'Third-Party Links',
    'Children’s Privacy',
    'Changes to This Policy',
    'Contact Information',
    'Complaints',
  ]
  const section = (page: Parameters<typeof region>[0], title: string) =>
    region(page, `${titles.indexOf(title) + 1}. ${title}`)

  it("has the hero, the breadcrumb Home > Privacy Policy, 'Last Updated: January 2025' and twelve sections", async () => {
    const { page, close } = await openPage(browser, '/privacy-policy')
    const { h1, h2 } = await outline(page)
    expect(h1).toEqual(['Privacy Policy'])
    await expect(
      region(page, 'Privacy Policy').getByRole('heading', { level: 1 }).isVisible(),
    ).resolves.toBe(true)
    expect(await breadcrumbs(page)).toEqual(['Home', 'Privacy Policy'])
    await expect(
      page.getByText('Last Updated: January 2025', { exact: true }).isVisible(),
    ).resolves.toBe(true)
    expect(h2).toEqual(['Contents', ...titles.map((title, index) => `${index + 1}. ${title}`)])
    await expect(page.locator('main').textContent()).resolves.toContain('UK GDPR')
    await close()
  })

  it('lists what is collected: provided, automatic and analytics data', async () => {
    const { page, close } = await openPage(browser, '/privacy-policy')
    const collect = section(page, 'Information We Collect')
    expect(await texts(collect.locator('h3'))).toEqual([
      'Information you provide to us',
      'Information collected automatically',
      'Analytics data',
    ])
    const lists = collect.getByRole('list')
    const provided = (await texts(lists.nth(0).getByRole('listitem'))).join(' | ')
    for (const item of [
      'name',
      'contact details',
      'company',
      'position',
      'business goals',
      'other',
    ]) {
      expect(provided).toContain(item)
    }
    const automatic = (await texts(lists.nth(1).getByRole('listitem'))).join(' | ')
    for (const item of ['IP address', 'browser', 'pages', 'referred', 'device', 'interact']) {
      expect(automatic).toContain(item)
    }
    await close()
  })

  it("states the policy's constants", async () => {
    const { page, close } = await openPage(browser, '/privacy-policy')
    const text = async (title: string) => (await section(page, title).textContent()) ?? ''
    expect(await text('Information Sharing')).toMatch(/do not sell/)
    const retention = await text('Data Retention')
    expect(retention).toContain('up to 3 years')
    expect(retention).toContain('deleted after 26 months')
    const rights = section(page, 'Your Rights Under UK GDPR')
    expect((await texts(rights.getByRole('listitem'))).map((item) => item.split(':')[0])).toEqual([
      'the right of access',
      'the right to rectification',
      'the right to erasure',
      'the right to restrict processing',
      'the right to data portability',
      'the right to object',
      'the right to withdraw consent',
    ])
    expect(await text('Your Rights Under UK GDPR')).toContain('within one month')
    const cookies = await text('Cookies and Website Analytics')
    for (const kind of ['Essential cookies', 'Analytics cookies', 'Functional cookies']) {
      expect(cookies).toContain(kind)
    }
    expect(cookies).toContain('consent banner appears on your first visit')
    expect(cookies).toContain('local storage')
    expect(await text('Children’s Privacy')).toContain('under 13')
    const contact = await text('Contact Information')
    expect(contact).toContain('hello@elevate-digital.example')
    expect(contact).toContain('020 7946 0321')
    expect(contact).toContain('Monday to Friday, 9:00 AM-5:00 PM GMT')
    const complaints = section(page, 'Complaints')
    await expect(complaints.textContent()).resolves.toContain('Information Commissioner’s Office')
    await expect(
      complaints.getByRole('link', { name: '0303 123 1113' }).getAttribute('href'),
    ).resolves.toBe('tel:+443031231113')
    await expect(
      complaints.getByRole('link', { name: 'ico.org.uk' }).getAttribute('href'),
    ).resolves.toMatch(/^https:\/\/ico\.org\.uk\//)
    await close()
  })
})

describe('closing calls to action', () => {
  // The way to /contact in each page's closing block, and the cta_click label its click records.
  const closingContactClicks = {
    '/about': ['Book Your Free Consultation', 'About Consultation CTA'],
    '/values': ['Start Your Free Consultation', 'Values Consultation CTA'],
    '/services': ['Get Started Today', 'Services Get Started CTA'],
    '/services/seo': ['Start SEO Project', 'Start SEO Project'],
    '/services/social-media': ['Start Social Campaign', 'Start Social Campaign'],
    '/services/ppc': ['Launch PPC Campaign', 'Launch PPC Campaign'],
    '/services/email-marketing': ['Launch Email Campaign', 'Launch Email Campaign'],
    '/why-choose-us': ['Book Your Free Consultation', 'Why Choose Us Consultation CTA'],
    '/faq': ['Ask Us a Question', 'FAQ Contact CTA'],
    '/terms': ['Contact Us', 'Contact Us'],
  } as const

  for (const [path, [button, label]] of Object.entries(closingContactClicks)) {
    it(`${path}: '${button}' leads to /contact and records cta_click '${label}'`, async () => {
      const { page, close } = await openPage(browser, path)
      const link = page.locator(`#get-started a[href="${contactFormHref}"]`)
      await expect(link.textContent()).resolves.toBe(button)
      await expectCtaClick(link, label)
      await close()
    })
  }
})
