import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { routes, unlistedPages } from './routes.ts'
import {
  speculationRules,
  speculationRulesHashSource,
  speculationRulesText,
} from './speculation-rules.ts'

const [rule] = speculationRules.prerender
const matched = new Set<string>(rule.where.href_matches)

describe('speculation rules', () => {
  it('prerender every page of the route table, on a sign of intent, not on load', () => {
    expect([...matched].sort()).toEqual(routes.map((route) => route.path).sort())
    expect(rule.eagerness).toBe('moderate')
  })

  it('never reach the confirmation pages or the API', () => {
    for (const page of unlistedPages) expect(matched.has(page.path)).toBe(false)
    expect(speculationRulesText).not.toMatch(/\/api|\/contact\/|\*/)
  })

  it("are admitted by the CSP through their text's SHA-256", () => {
    const digest = createHash('sha256').update(speculationRulesText).digest('base64')
    expect(speculationRulesHashSource).toBe(`'sha256-${digest}'`)
    expect(JSON.parse(speculationRulesText)).toEqual(speculationRules)
  })
})
