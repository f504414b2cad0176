import { disposableDomains } from './disposable-domains.ts'

/**
 * How sure the contact pipeline is that an enquiry is spam. `likely` is still e-mailed (marked);
 * `certain` is stored but kept out of the inbox until a person releases it.
 */
export const spamLevels = ['genuine', 'likely', 'certain'] as const
export type SpamLevel = (typeof spamLevels)[number]

export interface SpamVerdict {
  readonly level: SpamLevel
  readonly score: number
  /** Why, in words staff read at the top of the e-mail; empty for a clean enquiry. */
  readonly reasons: string[]
}

export interface VerdictInput {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
  readonly company: string
  readonly message: string
  /** The hidden field only bots fill in had a value. */
  readonly honeypotFilled?: boolean
  /**
   * How many other addresses sent this same message within the last day. Anyone can produce
   * repeats, so they can mark an enquiry as likely spam but never hold it back.
   */
  readonly repeatedBy?: number
}

/**
 * The score from which an enquiry is marked as likely spam, and from which it is held back.
 * Measured on the labelled corpus (functions/spam/corpus.test.ts); the reasons are in
 * docs/decisions/0019-spam-verdict.md. `certain` needs several strong signals at once, all of
 * them in the enquiry itself (what its sender typed, where from, the honeypot): a genuine
 * enquiry held back by mistake costs a lead, a marked one costs a glance.
 */
export const LIKELY_SPAM_SCORE = 4
export const CERTAIN_SPAM_SCORE = 12

/** A URL as spammers and people type them: with a scheme, with `www.`, or a bare domain with a path. */
const urlPattern =
  /\b(?:https?:\/\/[^\s<>"')\]]+|www\.[^\s<>"')\]]+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|biz|info|xyz|top|site|online|shop|ru|cn|in|us|me|ly|gl|gd|to|cc|at)\/[^\s<>"')\]]*)/giu

/** Link shorteners hide where a link goes; genuine enquirers link their own site. */
const shortenerHosts = new Set([
  'bit.ly',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  't.ly',
  'v.gd',
  'bl.ink',
  'short.io',
  's.id',
  'shorte.st',
  'adf.ly',
  'lnkd.in',
  'tiny.one',
])

/** Markup that only makes sense when a message is meant to be posted somewhere that renders it. */
const linkMarkup = /\[url=|\[\/url\]|<a\s+href|\]\(https?:\/\//u

/**
 * Phrasing common in unsolicited pitches to agencies, each a reason in its own right. The
 * patterns name what a seller offers, not what a client asks for: "we need help with our SEO"
 * is an enquiry, "we can get you on page one of Google" is a pitch. Written in lower case and
 * matched against lower-cased text: case-insensitive patterns this size cost the contact
 * function's first request several times more to compile, and the visitor waits for it.
 */
const pitchPhrases: readonly (readonly [RegExp, string, number])[] = [
  [
    /\b(?:first|1st|top|front) page (?:of|on|in) google\b|\bpage (?:one|1) (?:of|on) google\b|\btop (?:of|spot on) google\b|(?:#|\bno\.? ?)1 (?:spot |position |place )?(?:on|in) google\b/u,
    'promises a Google ranking',
    1,
  ],
  [/\bguest[- ]?post(?:s|ing)?\b|\bsponsored (?:post|article)s?\b/u, 'offers guest posts', 2],
  [/\bback-?links?\b|\blink[- ]building\b|\bdo-?follow\b/u, 'offers backlinks', 2],
  [
    /\b(?:domain authority|high[- ](?:da|dr)\b|\b(?:da|dr) ?\d{2}\+?)/u,
    'quotes domain authority',
    2,
  ],
  [
    /\b(?:i|we) came across your (?:agency|website|site|business|company)\b|\b(?:i|we) (?:noticed|found|came across|was (?:checking|looking at|browsing)|were (?:checking|looking at)|have (?:checked|analysed|analyzed|reviewed|gone through)) (?:your|ur) (?:website|site|web ?page)/u,
    'opens with a look at the agency’s own website',
    2,
  ],
  [
    /\b(?:your|ur) (?:website|site) (?:is not|isn'?t|is n[o’']t|has (?:some|several|a few|many)) (?:ranking|mobile|optimi[sz]ed|errors|issues|problems)|\bnot ranking\b/u,
    'says the agency’s site has problems',
    2,
  ],
  [
    /\bwhite[- ]label(?:led)?\b|\boutsourc(?:e|ing) (?:your|partner)|\boffshore\b|\bdedicated (?:developers?|resources?|team)\b|\b(?:our|my) team of \d+\+? (?:developers|designers|experts)|\bunder (?:your|their) own brand\b|\bresell(?:ing|er)\b/u,
    'offers outsourced work',
    2,
  ],
  [
    /\b(?:\$|usd ?)\d+|\b\d+ ?(?:usd|dollars)\b|\$\d|\bper hour\b|\bhourly rate\b/u,
    'quotes prices in dollars or by the hour',
    1,
  ],
  [
    /\b(?:crypto(?:currency)?|bitcoin|btc|usdt|forex|binary options|nft|airdrop|blockchain investment)\b/u,
    'mentions crypto or trading',
    3,
  ],
  [
    /\b(?:casino|betting|free spins|welcome bonus|viagra|cialis|loans? (?:approved|offer)|payday loan|essay writing|escort|adult dating)\b/u,
    'mentions gambling, pills or loans',
    3,
  ],
  [
    /\b(?:whats ?app|telegram|skype|wechat)\b[^.\n]{0,40}(?:\+?\d[\d\s-]{6,}|@\w+|me\b|us\b)/u,
    'asks to move the talk to a chat app',
    1,
  ],
  [
    /\b(?:reply|respond|write back) (?:with )?["'“‘]?(?:stop|no|yes|unsubscribe|remove)\b|\bunsubscribe\b|\bopt[- ]out\b|\bif you(?:'re| are) not interested\b/u,
    'offers an unsubscribe, as bulk mail does',
    2,
  ],
  [
    /\b(?:b2b|email|e-mail|contact|leads?) (?:database|list|data)s?\b(?! protection)|\bverified (?:emails?|leads|contacts)\b|\bdecision[- ]makers'? (?:emails?|contacts?)/u,
    'sells contact lists',
    2,
  ],
  [
    /\b(?:increase|boost|double|triple|skyrocket|drive) (?:your |their )?(?:organic )?(?:traffic|sales|leads|rankings?|revenue|followers|conversions)\b|\b\d+x roi\b|\b(?:more|massive|targeted) (?:traffic|visitors) (?:to|for) your\b/u,
    'promises more traffic or sales',
    1,
  ],
  [
    /\bguarantee[ds]? (?:results|ranking|first|top|\d)|\b100% (?:guaranteed|money[- ]back|satisfaction)\b|\bmoney[- ]back guarantee\b/u,
    'guarantees results',
    2,
  ],
  [
    /\b(?:we|i) (?:are|am) (?:a|an) (?:leading|professional|expert|experienced|top[- ]rated|award[- ]winning)? ?(?:seo|web|digital|software|app|it|design|development|marketing|freelance)\b[^.\n]{0,40}\b(?:company|agency|firm|expert|specialist|developer|designer|freelancer|team)\b|\b(?:we|i) (?:offer|provide|specialise in|specialize in) (?:affordable|cheap|professional|high[- ]quality|premium|complete|full|expert)/u,
    'introduces a seller’s services',
    1,
  ],
  [
    /\b(?:affordable|cheap|low[- ]cost|lowest) (?:price|prices|rates?|seo|packages?|services?)\b|\b(?:special|limited[- ]time|exclusive) (?:offer|discount|deal)\b|\b\d{2}% (?:off|discount)\b/u,
    'pushes a discount',
    2,
  ],
  [
    /\b(?:free|complimentary) (?:seo |website |site )?(?:audit|analysis|report|proposal|quote|mock-?up|trial)\b(?! (?:from|of) (?:you|your team))/u,
    'offers a free audit or quote',
    1,
  ],
  [
    /\b(?:instagram|tiktok|youtube|twitter|facebook) (?:followers|likes|views|subscribers)\b|\bbuy (?:followers|likes|reviews)\b|\b(?:google|trustpilot) reviews? (?:service|package)/u,
    'sells followers or reviews',
    2,
  ],
  [
    /\b(?:can i|may i|shall i) (?:send|share) (?:you )?(?:my|our|a) (?:portfolio|price ?list|proposal|samples?|work samples)\b|\bpartnership (?:opportunity|proposal)\b|\b(?:collaboration|business) proposal\b/u,
    'a cold pitch',
    2,
  ],
  [
    /\b(?:agencies like yours|for agencies|(?:help|helps|helping) agencies|agency partners|your agency|your clients)\b/u,
    'pitches to the agency as a supplier',
    2,
  ],
  [
    /\b(?:quick|short|brief) (?:\d+[- ]minute )?(?:call|chat)\b|\b\d+[- ]minute (?:call|chat)\b|\bbook a (?:free )?demo\b|\bfree (?:strategy|discovery) (?:session|call)\b|\bfree trial\b|\bworth a chat\b/u,
    'asks for a sales call or trial',
    1,
  ],
  [
    /\bfinal notice\b|\bwill be suspended\b|\bfailure to renew\b|\bexpires? soon\b|\bat risk of (?:an? )?(?:\w+ )?lawsuit\b|\bpre-?approved\b/u,
    'uses scare tactics or urgency',
    2,
  ],
  [
    /^\s*(?:dear|hello|hi) (?:sir(?:\/madam)?|business owner|website owner|site owner|webmaster|admin|purchasing manager|partner)\b/mu,
    'a salutation to nobody in particular',
    2,
  ],
  [
    /\bfactory (?:price|direct)\b|\b(?:low )?moq\b|\bwholesale prices?\b/u,
    'offers wholesale goods',
    2,
  ],
]

/** Scripts a UK enquiry is almost never written in; mixed with a Latin name they are a tell. */
const foreignScripts: readonly (readonly [RegExp, string])[] = [
  [/\p{Script=Cyrillic}/gu, 'Cyrillic'],
  [/\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/gu, 'CJK'],
  [/\p{Script=Arabic}/gu, 'Arabic'],
  [/\p{Script=Thai}/gu, 'Thai'],
  [/\p{Script=Devanagari}/gu, 'Devanagari'],
  [/\p{Script=Greek}/gu, 'Greek'],
  [/\p{Script=Hebrew}/gu, 'Hebrew'],
]

/**
 * Whether the address is at a disposable mail service (or one of its subdomains, which the list
 * covers too). The list is one string, a domain a line (disposable-domains.ts, generated from
 * `disposable-email-domains-js`): searched in 0.1 ms, where the package's array of about 8,900
 * cost 2.7 ms to load and 1.3 ms to build on a cold start's first request.
 */
export function isDisposableAddress(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? ''
  // The list holds these characters only; a line break must not match across two of its lines.
  if (!/^[a-z0-9.-]+$/.test(domain)) return false
  const labels = domain.split('.')
  for (let start = 0; start < labels.length - 1; start++) {
    if (disposableDomains.includes(`\n${labels.slice(start).join('.')}\n`)) return true
  }
  return false
}

/** The links in a text, as typed. */
export function linksIn(text: string): string[] {
  return text.match(urlPattern) ?? []
}

function hostOf(link: string): string {
  const withoutScheme = link.replace(/^https?:\/\//iu, '')
  return (withoutScheme.split(/[/?#:]/u)[0] ?? '').toLowerCase().replace(/^www\./u, '')
}

/**
 * The spam verdict on one enquiry: a score from independent signals, each with the reason staff
 * will read. Pure and offline (no network, no third party sees the enquiry).
 */
export function spamVerdict(input: VerdictInput): SpamVerdict {
  const reasons: string[] = []
  let score = 0
  const add = (points: number, reason: string) => {
    score += points
    reasons.push(reason)
  }

  if (input.honeypotFilled)
    add(CERTAIN_SPAM_SCORE, 'The hidden field only bots can see was filled in')

  const message = input.message
  const links = linksIn(message)
  if (links.length >= 3) add(3, `The message holds ${links.length} links`)
  else if (links.length > 0)
    add(1, `The message holds ${links.length === 1 ? 'a link' : '2 links'}`)

  const shorteners = [...new Set(links.map(hostOf).filter((host) => shortenerHosts.has(host)))]
  if (shorteners.length > 0)
    add(3, `A link goes through a URL shortener (${shorteners.join(', ')})`)

  const linkChars = links.reduce((sum, link) => sum + link.length, 0)
  const textChars = message.replace(/\s+/gu, '').length
  if (links.length > 0 && linkChars / Math.max(textChars, 1) > 0.5) {
    add(3, 'The message is mostly a link')
  }
  // The patterns are written in lower case (see pitchPhrases).
  const lowerMessage = message.toLowerCase()
  if (linkMarkup.test(lowerMessage)) add(4, 'The message holds link markup for forums or blogs')

  const text = `${input.company.toLowerCase()}\n${lowerMessage}`
  const pitches = pitchPhrases.filter(([pattern]) => pattern.test(text))
  if (pitches.length > 0) {
    // Agencies are asked about Google and prices all day, so one phrase is a hint; pitches
    // stack several, and the combination says more than the sum.
    const together = pitches.length > 1 ? 1 : 0
    add(
      pitches.reduce((sum, [, , weight]) => sum + weight, together),
      `Sales pitch: ${pitches.map(([, why]) => why).join('; ')}`,
    )
  }

  if (isDisposableAddress(input.email)) {
    add(4, `The e-mail address is at a disposable mail service (${input.email.split('@').pop()})`)
  }

  const letters = (message.match(/\p{L}/gu) ?? []).length
  const nameIsLatin = /^[\p{Script=Latin}\s'’.-]+$/u.test(`${input.firstName} ${input.lastName}`)
  for (const [pattern, script] of foreignScripts) {
    const count = (message.match(pattern) ?? []).length
    if (count >= 3 && count / Math.max(letters, 1) > 0.2) {
      add(
        nameIsLatin ? 5 : 3,
        `The message is written largely in ${script} script${nameIsLatin ? ' under a Latin name' : ''}`,
      )
      break
    }
  }

  const nameLinks = linksIn(`${input.firstName} ${input.lastName}`)
  if (nameLinks.length > 0 || /https?:|www\./iu.test(`${input.firstName}${input.lastName}`)) {
    add(5, 'The name holds a link')
  }

  // Everything above is in the enquiry itself, so only its sender decided it.
  const level: SpamLevel =
    score >= CERTAIN_SPAM_SCORE ? 'certain' : score >= LIKELY_SPAM_SCORE ? 'likely' : 'genuine'
  return withRepeats({ level, score, reasons }, input.repeatedBy ?? 0)
}

/**
 * A verdict with the repeats of its message counted in (`repeatedBy` other addresses within a
 * day). Anyone can post a copy of a person's message from other addresses, so repeats mark an
 * enquiry, never hold it back: they raise `genuine` to `likely` at most, so no outsider can keep
 * a genuine lead from the inbox. The contact function decides the verdict from the enquiry
 * alone; the sender counts the repeats before the e-mail goes.
 */
export function withRepeats(verdict: SpamVerdict, repeatedBy: number): SpamVerdict {
  if (repeatedBy <= 0) return verdict
  const score = verdict.score + (repeatedBy >= 2 ? 8 : 5)
  const reasons = [
    ...verdict.reasons,
    `The same message came from ${repeatedBy === 1 ? 'another address' : `${repeatedBy} other addresses`} within a day`,
  ]
  const level: SpamLevel =
    verdict.level === 'certain' ? 'certain' : score >= LIKELY_SPAM_SCORE ? 'likely' : 'genuine'
  return { level, score, reasons }
}
