import type { Locator, Page } from 'playwright-core'

/** The text of each element, trimmed and with runs of white space collapsed. */
export function texts(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim()),
  )
}

/** The page's outline as a visitor's screen reader lists it: h1 and h2 texts inside main. */
export async function outline(page: Page) {
  const main = page.locator('main')
  return { h1: await texts(main.locator('h1')), h2: await texts(main.locator('h2')) }
}

/** Every button-styled link in the page's content: [label, href]. */
export function buttons(page: Page): Promise<[string, string][]> {
  return page
    .locator('main a.chakra-button')
    .evaluateAll((anchors) =>
      anchors.map((a) => [(a.textContent ?? '').trim(), a.getAttribute('href') ?? '']),
    ) as Promise<[string, string][]>
}

/** The breadcrumb trail's labels, Home first. */
export function breadcrumbs(page: Page): Promise<string[]> {
  return texts(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).then(
    (items) => items.map((item) => item.replace(/\s*\/$/, '')),
  )
}

/** A section landmark by its heading, as assistive technology names it. */
export function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true })
}

/** The items of the first list inside a region. */
export function listItems(page: Page, regionName: string): Locator {
  return region(page, regionName).getByRole('list').first().locator(':scope > li')
}
