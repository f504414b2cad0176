import { describe, expect, it } from 'vitest'
import genuineCorpus from '../test-fixtures/spam-corpus/genuine.json'
import spamCorpus from '../test-fixtures/spam-corpus/spam.json'
import { type SpamVerdict, spamVerdict } from './verdict.ts'

/** One hand-written enquiry of the labelled corpus (the form's fields a verdict reads). */
interface CorpusEnquiry {
  /** First name, a space, last name. */
  readonly name: string
  readonly email: string
  readonly phone: string
  readonly company: string
  readonly message: string
  /** The honeypot a scripted post filled in. */
  readonly honeypot?: true
}

const genuineEnquiries: readonly CorpusEnquiry[] = genuineCorpus as CorpusEnquiry[]
const spamEnquiries: readonly CorpusEnquiry[] = spamCorpus as CorpusEnquiry[]

/** The verdict on one enquiry, as if `repeatedBy` other addresses had sent it too within a day. */
function verdictOn(enquiry: CorpusEnquiry, repeatedBy = 0): SpamVerdict {
  const [firstName = '', ...rest] = enquiry.name.split(' ')
  return spamVerdict({
    firstName,
    lastName: rest.join(' '),
    email: enquiry.email,
    phone: enquiry.phone,
    company: enquiry.company,
    message: enquiry.message,
    honeypotFilled: enquiry.honeypot === true,
    repeatedBy,
  })
}

const marked = (verdict: SpamVerdict) => verdict.level !== 'genuine'

describe('the spam verdict on the labelled corpus', () => {
  const genuine = genuineEnquiries.map((enquiry) => verdictOn(enquiry))
  const spam = spamEnquiries.map((enquiry) => verdictOn(enquiry))
  const truePositives = spam.filter(marked).length
  const falseNegatives = spam.length - truePositives
  const falsePositives = genuine.filter(marked).length
  const trueNegatives = genuine.length - falsePositives
  const precision = truePositives / (truePositives + falsePositives)
  const recall = truePositives / spam.length
  const falsePositiveRate = falsePositives / genuine.length
  const held = (verdicts: SpamVerdict[]) => verdicts.filter((v) => v.level === 'certain').length
  // What an outsider can do: post each enquiry's text twice more, from other addresses.
  const repeatedTwice = (enquiries: readonly CorpusEnquiry[]) =>
    enquiries.map((enquiry) => verdictOn(enquiry, 2))

  it('is a corpus of at least 200 enquiries, half of each kind, none repeated', () => {
    expect(genuineEnquiries.length).toBeGreaterThanOrEqual(100)
    expect(spamEnquiries.length).toBeGreaterThanOrEqual(100)
    const messages = [...genuineEnquiries, ...spamEnquiries].map((e) => e.message)
    expect(new Set(messages).size).toBe(messages.length)
  })

  it('marks at most 2% of genuine enquiries and catches at least 80% of spam', () => {
    const pad = (value: number | string) => String(value).padStart(8)
    console.info(
      [
        'Likely-spam mark on the corpus (marked = likely or certain):',
        `${' '.repeat(16)}${pad('marked')}${pad('clean')}`,
        `${'spam'.padEnd(16)}${pad(truePositives)}${pad(falseNegatives)}`,
        `${'genuine'.padEnd(16)}${pad(falsePositives)}${pad(trueNegatives)}`,
        `precision ${(precision * 100).toFixed(1)}%, recall ${(recall * 100).toFixed(1)}%, genuine marked ${(falsePositiveRate * 100).toFixed(1)}%`,
        `held back as certain: spam ${held(spam)}, genuine ${held(genuine)}`,
        `held back once two other addresses repeat each text: spam ${held(repeatedTwice(spamEnquiries))}, genuine ${held(repeatedTwice(genuineEnquiries))}`,
      ].join('\n'),
    )
    const wronglyMarked = genuineEnquiries.filter((_, i) => marked(genuine[i] as SpamVerdict))
    expect(falsePositiveRate, JSON.stringify(wronglyMarked, null, 1)).toBeLessThanOrEqual(0.02)
    expect(recall).toBeGreaterThanOrEqual(0.8)
  })

  it('never holds a genuine enquiry back from the inbox', () => {
    expect(genuine.filter((v) => v.level === 'certain')).toEqual([])
  })

  it('holds back no more when outsiders repeat every text: repeats mark, the sender holds', () => {
    expect(held(repeatedTwice(spamEnquiries))).toBe(held(spam))
    expect(held(repeatedTwice(genuineEnquiries))).toBe(0)
  })

  it('gives a reason for every mark', () => {
    for (const verdict of [...genuine, ...spam].filter(marked)) {
      expect(verdict.reasons.length).toBeGreaterThan(0)
    }
  })
})
