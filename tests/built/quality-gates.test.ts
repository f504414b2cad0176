import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, inject, it } from 'vitest'
import { routes } from '#shared/routes.ts'
import { attributeValues, builtPages, ids, jsonLd } from '../browser/built-site.ts'

const siteUrl = 'https://www.elevate-digital.example'
const distDir = inject('distDir')
const pages = builtPages(distDir)
const routePaths: string[] = routes.map((route) => route.path)

/**
 * Valid, current HTML and CSS the checker does not know yet; anything else fails the gate.
 * `@starting-style` (CSS Transitions 2, Baseline 2024) animates the cookie banner's entry;
 * `<link rel="expect" blocking="render">` (HTML Standard, whatwg/html#9970, 2024) holds a page's
 * first paint until its footer is parsed, and the checker still allows `blocking` on stylesheets
 * only.
 */
const validatorGaps = [
  /^CSS: Unrecognized at-rule “@starting-style”/,
  /^A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”/,
]

describe('valid HTML: the Nu Html Checker over every built page', () => {
  it('finds no errors', { timeout: 180_000 }, async () => {
    const jar = join(process.cwd(), 'node_modules/vnu-jar/build/dist/vnu.jar')
    const files = pages.map((page) => join(distDir, page.file))
    const { stdout, stderr } = await promisify(execFile)(
      'java',
      ['-jar', jar, '--errors-only', '--format', 'json', '--exit-zero-always', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }))
    // The JSON report goes to stderr (stdout when --stdout is given).
    const report = JSON.parse(stderr || stdout) as {
      messages: { type: string; url?: string; lastLine?: number; message: string }[]
    }
    const errors = report.messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .filter((message) => !validatorGaps.some((gap) => gap.test(message.message)))
      .map((message) => {
        const file = message.url?.slice(message.url.indexOf(distDir) + distDir.length) ?? ''
        return `${file}:${message.lastLine ?? '?'} ${message.message}`
      })
    expect(errors).toEqual([])
    expect(pages.length).toBeGreaterThanOrEqual(routes.length + 1)
  })
})

describe('every internal link and fragment resolves', () => {
  const byPath = new Map(pages.map((page) => [page.path, page]))
  const idsByPath = new Map(pages.map((page) => [page.path, ids(page.html)]))

  for (const page of pages) {
    it(`${page.path}: links lead to built pages and existing elements`, () => {
      const broken: string[] = []
      for (const href of attributeValues(page.html, 'a', 'href')) {
        if (/^(mailto|tel):/.test(href)) continue
        const target = new URL(href, `${siteUrl}${page.path}`)
        if (target.origin !== siteUrl) continue
        const targetPath = target.pathname
        if (!byPath.has(targetPath)) {
          broken.push(`${href}: no page at ${targetPath}`)
          continue
        }
        const fragment = decodeURIComponent(target.hash.slice(1))
        if (fragment && !idsByPath.get(targetPath)?.has(fragment)) {
          broken.push(`${href}: no element #${fragment} on ${targetPath}`)
        }
      }
      expect(broken).toEqual([])
    })
  }

  it('serves only self-hosted images and assets (no other origin in src or srcset)', () => {
    const external = pages.flatMap((page) =>
      ['img', 'source', 'script', 'link']
        .flatMap((tag) =>
          ['src', 'srcset'].flatMap((attribute) => attributeValues(page.html, tag, attribute)),
        )
        .filter((value) => /(^|[\s,])(https?:)?\/\//.test(value))
        .map((value) => `${page.path}: ${value}`),
    )
    expect(external).toEqual([])
  })
})

describe('page identity', () => {
  const text = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]
  const indexed = pages.filter((page) => page.path !== '/404.html')

  it('builds every route of the route table', () => {
    expect(indexed.map((page) => page.path)).toEqual(expect.arrayContaining(routePaths))
  })

  for (const page of pages) {
    it(`${page.path} has exactly one h1`, () => {
      expect(page.html.match(/<h1[\s>]/g)).toHaveLength(1)
    })
  }

  it('gives every page its own title and description', () => {
    const titles = pages.map((page) => text(page.html, /<title>([^<]*)<\/title>/))
    const descriptions = pages.map((page) =>
      text(page.html, /<meta name="description" content="([^"]*)"/),
    )
    expect(titles.every(Boolean)).toBe(true)
    expect(descriptions.every(Boolean)).toBe(true)
    expect(new Set(titles).size).toBe(pages.length)
    expect(new Set(descriptions).size).toBe(pages.length)
  })
})

describe('structured data', () => {
  const typesOf = (html: string) =>
    jsonLd(html).map((data) => (data as { '@type': string })['@type'])
  const page = (path: string) => {
    const found = pages.find((candidate) => candidate.path === path)
    if (!found) throw new Error(`${path} was not built`)
    return found
  }

  it('parses as JSON on every page', () => {
    for (const built of pages) expect(() => jsonLd(built.html), built.path).not.toThrow()
  })

  it('describes the agency as an Organization on the home page', () => {
    const [organization] = jsonLd(page('/').html) as Record<string, unknown>[]
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Elevate Digital',
      url: `${siteUrl}/`,
      email: 'hello@elevate-digital.example',
      telephone: '+442079460321',
    })
  })

  const servicePaths = routePaths.filter((path) => path.startsWith('/services/'))
  for (const path of servicePaths) {
    it(`describes ${path} as a Service provided by the agency`, () => {
      const service = jsonLd(page(path).html).find(
        (data) => (data as { '@type': string })['@type'] === 'Service',
      ) as Record<string, unknown> | undefined
      expect(service).toMatchObject({
        url: `${siteUrl}${path}`,
        provider: { '@id': `${siteUrl}/#organization`, name: 'Elevate Digital' },
      })
    })
  }

  it('lists the ten FAQ entries as a FAQPage', () => {
    const faq = jsonLd(page('/faq').html).find(
      (data) => (data as { '@type': string })['@type'] === 'FAQPage',
    ) as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] }
    expect(faq.mainEntity).toHaveLength(10)
    for (const entry of faq.mainEntity) {
      expect(entry.name.length).toBeGreaterThan(5)
      expect(entry.acceptedAnswer.text.length).toBeGreaterThan(20)
    }
  })

  for (const built of pages) {
    it(`${built.path}: a BreadcrumbList exactly where breadcrumbs show, matching them`, () => {
      const nav = /<nav[^>]*aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(built.html)
      const lists = jsonLd(built.html).filter(
        (data) => (data as { '@type': string })['@type'] === 'BreadcrumbList',
      ) as { itemListElement: { name: string; position: number; item: string }[] }[]
      if (!nav) {
        expect(lists).toEqual([])
        return
      }
      const labels = [
        ...(nav[1] ?? '').matchAll(/<li[^>]*>[\s\S]*?<(?:a|span)[^>]*>([^<]+)</g),
      ].map((match) => match[1])
      expect(lists).toHaveLength(1)
      const items = lists[0]?.itemListElement ?? []
      expect(items.map((item) => item.name)).toEqual(labels)
      expect(items.map((item) => item.position)).toEqual(labels.map((_, index) => index + 1))
      expect(items[0]?.item).toBe(`${siteUrl}/`)
      expect(items.at(-1)?.item).toBe(`${siteUrl}${built.path}`)
    })
  }

  it('types every block it emits', () => {
    for (const built of pages) {
      for (const type of typesOf(built.html)) expect(typeof type).toBe('string')
    }
  })
})
