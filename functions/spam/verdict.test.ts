import { describe, expect, it } from 'vitest'
import {
  CERTAIN_SPAM_SCORE,
  isDisposableAddress,
  linksIn,
  spamVerdict,
  type VerdictInput,
} from './verdict.ts'

const enquiry: VerdictInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@lovelace-bakery.co.uk',
  phone: '020 7946 0001',
  company: 'Lovelace Bakery',
  message: 'We would like a new website for our bakery in Camden, with online orders for cakes.',
}

describe('spamVerdict', () => {
  it('finds nothing in a plain enquiry', () => {
    expect(spamVerdict(enquiry)).toEqual({ level: 'genuine', score: 0, reasons: [] })
  })

  it('is certain when the honeypot was filled, whatever the message', () => {
    const verdict = spamVerdict({ ...enquiry, honeypotFilled: true })
    expect(verdict.level).toBe('certain')
    expect(verdict.reasons).toEqual(['The hidden field only bots can see was filled in'])
  })

  it('lets a genuine enquiry link its own site', () => {
    const verdict = spamVerdict({
      ...enquiry,
      message: 'Our current site is https://www.lovelace-bakery.co.uk and it is slow on phones.',
    })
    expect(verdict.level).toBe('genuine')
    expect(verdict.reasons).toEqual(['The message holds a link'])
  })

  it('marks a message that is only a shortened link', () => {
    const verdict = spamVerdict({ ...enquiry, message: 'https://bit.ly/3abcXYZ' })
    expect(verdict.level).toBe('likely')
    expect(verdict.reasons).toEqual([
      'The message holds a link',
      'A link goes through a URL shortener (bit.ly)',
      'The message is mostly a link',
    ])
  })

  it('marks an address at a disposable mail service, subdomains included', () => {
    expect(isDisposableAddress('someone@mailinator.com')).toBe(true)
    expect(isDisposableAddress('someone@eu.mailinator.com')).toBe(true)
    expect(isDisposableAddress('someone@gmail.com')).toBe(false)
    const verdict = spamVerdict({ ...enquiry, email: 'ada@yopmail.com' })
    expect(verdict.level).toBe('likely')
    expect(verdict.reasons).toEqual([
      'The e-mail address is at a disposable mail service (yopmail.com)',
    ])
  })

  it('marks a pitch by its phrases, not by a client asking about SEO', () => {
    const asking = spamVerdict({
      ...enquiry,
      message: 'We used to be on the first page of Google and have dropped. Can you help our SEO?',
    })
    expect(asking.level).toBe('genuine')
    const pitching = spamVerdict({
      ...enquiry,
      message:
        'I noticed your website is not ranking. We are a leading SEO company and guarantee first page ranking. Can I send you a free audit?',
    })
    expect(pitching.level).toBe('likely')
    expect(pitching.reasons[0]).toMatch(/^Sales pitch: .*guarantees results/)
  })

  it('marks a message in another script under a Latin name', () => {
    const verdict = spamVerdict({
      ...enquiry,
      message: 'Здравствуйте! Продвижение сайтов недорого, пишите нам.',
    })
    expect(verdict.level).toBe('likely')
    expect(verdict.reasons).toEqual([
      'The message is written largely in Cyrillic script under a Latin name',
    ])
  })

  it('marks the same message sent from other addresses within a day, more surely the more', () => {
    expect(spamVerdict({ ...enquiry, repeatedBy: 1 }).level).toBe('likely')
    const many = spamVerdict({ ...enquiry, repeatedBy: 3 })
    expect(many.score).toBeGreaterThan(spamVerdict({ ...enquiry, repeatedBy: 1 }).score)
    expect(many.reasons).toEqual(['The same message came from 3 other addresses within a day'])
  })

  it('never holds back an enquiry for repeats alone: anyone can post copies from other addresses', () => {
    // Score 5 on its own (a likely mark); two copies from elsewhere added 8 and held it (13).
    const likely = {
      ...enquiry,
      message:
        'Our site https://lovelace-bakery.co.uk is not ranking. Can we book a quick call about SEO?',
    }
    expect(spamVerdict(likely)).toMatchObject({ level: 'likely', score: 5 })
    expect(spamVerdict({ ...likely, repeatedBy: 1 }).level).toBe('likely')
    for (const repeatedBy of [2, 10]) {
      const verdict = spamVerdict({ ...likely, repeatedBy })
      expect(verdict.level).toBe('likely')
      expect(verdict.score).toBeGreaterThanOrEqual(CERTAIN_SPAM_SCORE)
      expect(verdict.reasons.at(-1)).toMatch(/^The same message came from/)
    }
  })

  it('still holds back what the sender alone made certain, repeated or not', () => {
    for (const repeatedBy of [0, 2]) {
      expect(spamVerdict({ ...enquiry, honeypotFilled: true, repeatedBy }).level).toBe('certain')
    }
  })

  it('holds back only when strong signals add up', () => {
    const verdict = spamVerdict({
      ...enquiry,
      email: 'promo@yopmail.com',
      message:
        'Buy backlinks! DA 50+ guest posts for $20: [url=https://bit.ly/x1]cheap links[/url] https://bit.ly/x2 https://bit.ly/x3',
    })
    expect(verdict.level).toBe('certain')
  })
})

describe('linksIn', () => {
  it('finds links with a scheme, with www. and bare domains with a path', () => {
    expect(
      linksIn('see https://a.example/x, www.b.co.uk and shop.xyz/deal but not 3.5 or e.g. this'),
    ).toEqual(['https://a.example/x,', 'www.b.co.uk', 'shop.xyz/deal'])
  })
})
