import { describe, expect, it } from 'vitest'
import { contactFormHref } from '#shared/routes.ts'
import { expectCtaClick, openPage, sharedChromium } from './chromium.ts'
import { breadcrumbs, buttons, listItems, outline, region, texts } from './page-reading.ts'

const browser = await sharedChromium()

const toContact = (label: string): [string, string] => [label, contactFormHref]
const viewAll: [string, string] = ['View All Services', '/services']

/** What the spec gives each service page; section names are the pages' own headings. */
const servicePages = [
  {
    path: '/services/seo',
    crumb: 'SEO',
    hero: 'SEO Services',
    serviceName: 'SEO Services',
    offerings: 'Our SEO Services',
    panel: 'Why SEO Matters',
    lists: { 'Our SEO Process': 5 },
    titles: {
      'Our SEO Process': [
        'Audit and Analysis',
        'Keyword Research',
        'Strategy Development',
        'Implementation',
        'Monitoring and Reporting',
      ],
    },
    buttons: [toContact('Get SEO Consultation'), toContact('Start SEO Project'), viewAll],
  },
  {
    path: '/services/social-media',
    crumb: 'Social Media Marketing',
    hero: 'Social Media Marketing',
    serviceName: 'Social Media Marketing',
    offerings: 'Our Social Media Services',
    panel: 'The Impact of Social Media',
    lists: { 'Platforms We Manage': 6 },
    titles: {
      'Platforms We Manage': ['Facebook', 'Instagram', 'LinkedIn', 'Twitter', 'TikTok', 'YouTube'],
    },
    buttons: [toContact('Start Social Strategy'), toContact('Start Social Campaign'), viewAll],
  },
  {
    path: '/services/ppc',
    crumb: 'Pay-Per-Click',
    hero: 'PPC Management',
    serviceName: 'PPC Management',
    offerings: 'Our PPC Services',
    panel: 'Benefits of PPC',
    lists: { 'Why Choose PPC?': 4, 'Platforms We Manage': 4 },
    titles: {
      'Why Choose PPC?': [
        'Immediate Results',
        'Precise Targeting',
        'Measurable ROI',
        'Budget Control',
      ],
      'Platforms We Manage': ['Google Ads', 'Facebook Ads', 'LinkedIn Ads', 'Microsoft Ads'],
    },
    buttons: [toContact('Start PPC Campaign'), toContact('Launch PPC Campaign'), viewAll],
  },
  {
    path: '/services/email-marketing',
    crumb: 'Email Marketing',
    hero: 'Email Marketing',
    serviceName: 'Email Marketing',
    offerings: 'Our Email Marketing Services',
    panel: 'The ROI of Email Marketing',
    lists: { 'Campaigns We Create': 6, 'Our Email Marketing Process': 4 },
    titles: {
      'Campaigns We Create': [
        'Welcome Series',
        'Newsletters',
        'Promotional Campaigns',
        'Abandoned Cart Recovery',
        'Re-engagement Campaigns',
        'Event and Webinar Invitations',
      ],
      'Our Email Marketing Process': [
        'Strategy and Planning',
        'List Building',
        'Campaign Creation',
        'Optimisation',
      ],
    },
    buttons: [toContact('Start Email Strategy'), toContact('Launch Email Campaign'), viewAll],
  },
] as const

describe.each(servicePages)('$path', (service) => {
  it('has the hero (its title the h1), the intro, the breadcrumb trail and records its page view', async () => {
    const { page, close } = await openPage(browser, service.path)
    const { h1 } = await outline(page)
    expect(h1).toEqual([service.hero])
    await expect(
      region(page, service.hero).getByRole('heading', { level: 1, name: service.hero }).isVisible(),
    ).resolves.toBe(true)
    expect(await breadcrumbs(page)).toEqual(['Home', 'Services', service.crumb])
    // The intro declares service_page_view with the service's name, sent on load.
    const tracked = page.locator('[data-track-action="service_page_view"]')
    await expect(tracked.count()).resolves.toBe(1)
    await expect(tracked.getAttribute('data-track-on')).resolves.toBe('view')
    await expect(tracked.getAttribute('data-track-category')).resolves.toBe('engagement')
    await expect(tracked.getAttribute('data-track-label')).resolves.toBe(service.serviceName)
    await expect(tracked.locator('h2').count()).resolves.toBe(1)
    await close()
  })

  it('lists eight offerings beside its benefits panel, then its own sections', async () => {
    const { page, close } = await openPage(browser, service.path)
    await expect(listItems(page, service.offerings).count()).resolves.toBe(8)
    for (const offering of await listItems(page, service.offerings).all()) {
      await expect(offering.getByRole('heading', { level: 3 }).count()).resolves.toBe(1)
    }
    await expect(listItems(page, service.panel).count()).resolves.toBeGreaterThanOrEqual(3)
    for (const [name, count] of Object.entries(service.lists)) {
      await expect(listItems(page, name).count(), name).resolves.toBe(count)
    }
    for (const [name, titles] of Object.entries(service.titles)) {
      expect(await texts(listItems(page, name).locator('h3')), name).toEqual(titles)
    }
    await close()
  })

  it('ends with its calls to action; every button has the spec label and destination', async () => {
    const { page, close } = await openPage(browser, service.path)
    expect(await buttons(page)).toEqual(service.buttons)
    const { h2 } = await outline(page)
    expect(h2.at(-1)?.length).toBeGreaterThan(5)
    // The last section of the page is the closing call to action with its buttons.
    const lastSection = page.locator('main > section').last()
    await expect(lastSection.locator('a.chakra-button').count()).resolves.toBe(
      service.buttons.length - 1,
    )
    await close()
  })
})

describe('/services/website-development', () => {
  const path = '/services/website-development'

  it('has the hero (its title the h1), the intro, the breadcrumb trail and records its page view', async () => {
    const { page, close } = await openPage(browser, path)
    expect((await outline(page)).h1).toEqual(['Website Development'])
    await expect(
      region(page, 'Website Development').getByRole('heading', { level: 1 }).textContent(),
    ).resolves.toBe('Website Development')
    await expect(
      page.getByRole('heading', { level: 2, name: 'Websites Built to Grow Your Business' }).count(),
    ).resolves.toBe(1)
    expect(await breadcrumbs(page)).toEqual(['Home', 'Services', 'Website Development'])
    const tracked = page.locator('[data-track-action="service_page_view"]')
    await expect(tracked.getAttribute('data-track-label')).resolves.toBe('Website Development')
    await expect(tracked.getAttribute('data-track-on')).resolves.toBe('view')
    await close()
  })

  it('shows five feature cards, eight benefit bullets, four why cards and a four-step process', async () => {
    const { page, close } = await openPage(browser, path)
    expect(await texts(listItems(page, 'What Every Website Includes').locator('h3'))).toEqual([
      'Custom Design',
      'Mobile-First',
      'SEO-Optimised',
      'Fast Performance',
      'Secure and Reliable',
    ])
    await expect(listItems(page, 'Benefits of a Professional Website').count()).resolves.toBe(8)
    await expect(listItems(page, 'Why Build Your Website With Us').count()).resolves.toBe(4)
    expect(await texts(listItems(page, 'Our Development Process').locator('h3'))).toEqual([
      'Discovery and Planning',
      'Design and Development',
      'Testing and Launch',
      'Support and Maintenance',
    ])
    await close()
  })

  it("has its hero button, then one 'Get Started Today' button to /contact that records its click event", async () => {
    const { page, close } = await openPage(browser, path)
    expect(await buttons(page)).toEqual([
      ['Start Website Project', contactFormHref],
      ['Get Started Today', contactFormHref],
    ])
    const button = page.getByRole('link', { name: 'Get Started Today' })
    await expect(button.getAttribute('data-track-on')).resolves.toBe('click')
    await expect(button.getAttribute('data-track-category')).resolves.toBe('cta_click')
    await expect(button.getAttribute('data-track-label')).resolves.toBe('website_development')
    await expect(button.getAttribute('data-track-action')).resolves.toBe('get_started_button')
    await close()
  })
})

describe("every service page's hero", () => {
  // The hero's way to /contact on each service page, and the cta_click label its click records.
  const heroContactClicks = {
    '/services/seo': 'Get SEO Consultation',
    '/services/social-media': 'Start Social Strategy',
    '/services/ppc': 'Start PPC Campaign',
    '/services/email-marketing': 'Start Email Strategy',
    '/services/website-development': 'Start Website Project',
  } as const

  for (const [path, button] of Object.entries(heroContactClicks)) {
    it(`${path}: '${button}' in the hero leads to /contact and records cta_click`, async () => {
      const { page, close } = await openPage(browser, path)
      const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) })
      const link = hero.getByRole('link')
      await expect(link.count()).resolves.toBe(1)
      await expect(link.textContent()).resolves.toBe(button)
      await expect(link.getAttribute('href')).resolves.toBe(contactFormHref)
      await expectCtaClick(link, button)
      await close()
    })
  }
})

describe('/services/email-marketing', () => {
  it('counts GDPR-compliant practices among its offerings', async () => {
    const { page, close } = await openPage(browser, '/services/email-marketing')
    const offerings = await texts(
      listItems(page, 'Our Email Marketing Services').getByRole('heading'),
    )
    expect(offerings).toContain('GDPR-Compliant Practices')
    await close()
  })
})
