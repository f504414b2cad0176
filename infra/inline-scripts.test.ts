import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { scriptsAfterPaintHtml } from '#shared/scripts-after-paint.ts'
import { contentSecurityPolicy } from '#shared/security-headers.ts'
import { speculationRulesText } from '#shared/speculation-rules.ts'
import { inlineScriptsRefused } from './inline-scripts.ts'

const sites: string[] = []
function site(pages: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'inline-scripts-'))
  sites.push(dir)
  for (const [name, html] of Object.entries(pages)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), html)
  }
  return dir
}
afterEach(() => {
  for (const dir of sites.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const csp = contentSecurityPolicy({ analytics: false })

describe('inline scripts against the CSP', () => {
  it('admit a page built from this code: its start after paint and its speculation rules (JSON-LD is data, not run)', () => {
    const page = `<head><script type="application/ld+json">{"@type":"Organization"}</script><script type="speculationrules">${speculationRulesText}</script></head><body>${scriptsAfterPaintHtml('/assets/entries/a.js')}</body>`
    expect(
      inlineScriptsRefused(site({ 'index.html': page, 'about/index.html': page }), csp),
    ).toEqual([])
  })

  it('name each page whose inline script the policy would refuse', () => {
    const refused = inlineScriptsRefused(
      site({
        'index.html': '<script data-entry="/x.js">start()</script>',
        'faq/index.html': '<script src="/assets/x.js"></script><p>ok</p>',
      }),
      csp,
    )
    expect(refused).toEqual([expect.stringMatching(/^index\.html: 'sha256-[\w+/=]+'$/)])
  })
})
