import { describe, expect, it } from 'vitest'
import { openPage, sharedChromium } from './chromium.ts'

const browser = await sharedChromium()

/** The UK trading disclosures, as the placeholder identity fills them in. */
const disclosures = [
  'Registered name: Elevate Digital Ltd (placeholder)',
  'Registered in: England and Wales',
  'Company number: 00000000 (placeholder)',
  'Registered office: 1 Example Street, London EC1A 1AA (placeholder)',
  'ICO registration: ZA000000 (placeholder)',
]

describe('the company behind the site is named as UK law asks', () => {
  it('in the footer of every page, with no social links until they are configured', async () => {
    const { page, close } = await openPage(browser, '/services')
    const footer = page.locator('footer')
    const text = (await footer.locator('[data-company-details]').textContent()) ?? ''
    for (const line of disclosures) expect(text).toContain(line)
    expect(text).not.toContain('VAT')
    await expect(footer.getByRole('list', { name: 'Follow us' }).count()).resolves.toBe(0)
    await close()
  })

  for (const path of ['/terms', '/privacy-policy']) {
    it(`in the contact section of ${path}`, async () => {
      const { page, close } = await openPage(browser, path)
      const section = page.locator('section#contact, #contact').first()
      const pairs = await section
        .locator('dt')
        .evaluateAll((terms) =>
          terms.map(
            (term) =>
              `${term.textContent?.trim()}: ${term.nextElementSibling?.textContent?.trim()}`,
          ),
        )
      expect(pairs).toEqual(expect.arrayContaining(disclosures))
      await close()
    })
  }
})
