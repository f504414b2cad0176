import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  actionLinker,
  actionsPath,
  enquiryActions,
  signAction,
  tokenParameter,
  verifyAction,
} from './action-links.ts'

const key = `${'k'.repeat(24)}prod-signing-key-0123456789`
const otherKey = `${'o'.repeat(24)}staging-signing-key-98765432`
const now = new Date('2026-11-27T08:00:00.000Z')
const id = '0d9e5a1c-7b2f-5c3d-9e4f-5a6b7c8d9e0f'
const inThirtyDays = Math.floor(now.getTime() / 1000) + 30 * 86_400
const claim = { id, action: 'release', expires: inThirtyDays, stage: 'prod' } as const

describe('signed action links', () => {
  it('accept the token they signed, for that enquiry, action and stage', () => {
    const token = signAction(key, claim)
    expect(verifyAction(key, 'prod', token, now)).toEqual({ ok: true, claim })
  })

  it('expire: refused at and after the expiry, for 30 days by default', () => {
    const url = new URL(
      actionLinker({ key, stage: 'prod', siteUrl: 'https://x.example', now })(id, 'dismiss'),
    )
    expect(url.origin + url.pathname).toBe(`https://x.example${actionsPath}`)
    const token = url.searchParams.get(tokenParameter) ?? ''
    const day = 86_400_000
    expect(verifyAction(key, 'prod', token, new Date(now.getTime() + 30 * day - 1000)).ok).toBe(
      true,
    )
    expect(verifyAction(key, 'prod', token, new Date(now.getTime() + 30 * day))).toEqual({
      ok: false,
      reason: 'expired',
    })
  })

  it('check the signature before the stage: another stage’s link, or a forged one naming it, is changed', () => {
    // Signed with staging's own key: nothing in it can be believed here, its stage included.
    const staging = signAction(otherKey, { ...claim, stage: 'staging' })
    expect(verifyAction(key, 'prod', staging, now)).toEqual({ ok: false, reason: 'forged' })
    const forgedOtherStage = `${signAction(key, claim).replace('.prod.', '.staging.')}`
    expect(verifyAction(key, 'prod', forgedOtherStage, now)).toEqual({
      ok: false,
      reason: 'forged',
    })
    const sameNameOtherKey = signAction(otherKey, claim)
    expect(verifyAction(key, 'prod', sameNameOtherKey, now)).toEqual({
      ok: false,
      reason: 'forged',
    })
    // Only a genuine link of a stage sharing this key is told it is for another copy.
    const sharedKey = signAction(key, { ...claim, stage: 'staging' })
    expect(verifyAction(key, 'prod', sharedKey, now)).toEqual({
      ok: false,
      reason: 'other-stage',
    })
  })

  it('sign the waiting list as `all`, and no enquiry’s action as `all`', () => {
    const url = new URL(
      actionLinker({ key, stage: 'prod', siteUrl: 'https://x.example', now })(id, 'waiting'),
    )
    const token = url.searchParams.get(tokenParameter) ?? ''
    expect(token).toMatch(/^v1\.prod\.all\.waiting\./)
    expect(verifyAction(key, 'prod', token, now)).toMatchObject({
      ok: true,
      claim: { id: 'all', action: 'waiting' },
    })
    expect(() => signAction(key, { ...claim, id: 'all' })).toThrow()
    expect(verifyAction(key, 'prod', token.replace('.waiting.', '.release.'), now)).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })

  it('refuse a token moved to another enquiry, action or expiry', () => {
    const token = signAction(key, claim)
    const swapped = [
      token.replace(id, '1d9e5a1c-7b2f-5c3d-9e4f-5a6b7c8d9e0f'),
      token.replace('.release.', '.dismiss.'),
      token.replace(`.${inThirtyDays}.`, `.${inThirtyDays + 86_400 * 365}.`),
    ]
    for (const changed of swapped) {
      expect(verifyAction(key, 'prod', changed, now)).toEqual({ ok: false, reason: 'forged' })
    }
  })

  it('refuse nothing or garbage as malformed', () => {
    for (const token of [undefined, '', 'v1', 'a.b.c.d.e.f', `${signAction(key, claim)}.x`]) {
      expect(verifyAction(key, 'prod', token, now)).toEqual({ ok: false, reason: 'malformed' })
    }
  })

  it('sign only a stored id’s shape and a stage name, never free text', () => {
    expect(() =>
      signAction(key, { ...claim, id: 'x\nSend it to me: https://evil.example' }),
    ).toThrow()
    expect(() => signAction(key, { ...claim, stage: 'Prod.x' })).toThrow()
    expect(() => signAction('short', claim)).toThrow()
  })

  // fast-check's first draws set up its tables (seconds on a busy machine); the runs are fast.
  it('refuse every token with any character changed, added or removed', () => {
    const token = signAction(key, claim)
    const alphabet = [...'0123456789abcdefABCDEFvV._-=+/ %\n'] as const
    fc.assert(
      fc.property(
        fc.nat({ max: token.length - 1 }),
        fc.constantFrom(...alphabet),
        fc.constantFrom('replace', 'insert', 'delete'),
        (at, character, how) => {
          const changed =
            how === 'delete'
              ? token.slice(0, at) + token.slice(at + 1)
              : token.slice(0, at) + character + token.slice(how === 'replace' ? at + 1 : at)
          fc.pre(changed !== token)
          const verdict = verifyAction(key, 'prod', changed, now)
          expect(verdict.ok).toBe(false)
        },
      ),
      { numRuns: 500 },
    )
  }, 60_000)

  it('accept no token for any claim unless this stage’s key signed it', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.constantFrom(...enquiryActions),
        fc.integer({ min: 1, max: 99_999_999_999 }),
        fc.string({ minLength: 32, maxLength: 64 }),
        (uuid, action, expires, someKey) => {
          fc.pre(someKey !== key)
          const id = action === 'waiting' ? 'all' : uuid
          const forged = signAction(someKey, { id, action, expires, stage: 'prod' })
          expect(verifyAction(key, 'prod', forged, new Date(0)).ok).toBe(false)
          const genuine = signAction(key, { id, action, expires, stage: 'prod' })
          expect(verifyAction(key, 'prod', genuine, new Date(0))).toMatchObject({ ok: true })
        },
      ),
    )
  }, 60_000)
})
