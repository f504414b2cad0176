import { describe, expect, it } from 'vitest'
import { buildEnquiry, type Enquiry } from '../enquiries/item.ts'
import { validSubmission } from '../test-fixtures/test-support.ts'
import { renderReminder } from './reminder.ts'
import { lastWeek, renderWeekly, weeklyFigures } from './weekly.ts'

const now = new Date('2026-07-27T07:00:00.000Z')
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000)
const links = (id: string, action: string) => `https://site.example/a?t=${id || 'all'}.${action}`

let counter = 0
function enquiry(state: Partial<Enquiry>, createdAt: Date): Enquiry {
  counter++
  const id = `${counter.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`
  return { ...buildEnquiry(validSubmission, id, createdAt), ...state }
}

describe('the reminder', () => {
  const inInbox = enquiry(
    { emailStatus: 'delivered', emailSentAt: hoursAgo(21).toISOString() },
    hoursAgo(21),
  )
  const held = enquiry(
    { emailStatus: 'held', spamScore: 12, spamReasons: ['The hidden field was filled in'] },
    hoursAgo(22),
  )
  const reminder = renderReminder([inInbox, held], { now, links, afterHours: 20 })

  it('lists each unanswered enquiry with the link that answers or releases it, and when its 24 hours end', () => {
    expect(reminder?.subject).toBe('Not answered yet: 2 enquiries from more than 20 hours ago')
    expect(reminder?.text).toContain(
      [
        `${inInbox.ref}, received 21 hours ago (Sun 26 Jul 2026, 11:00 BST)`,
        '  Ada Lovelace, Analytical Engines Ltd',
        `  "${validSubmission.message}"`,
        '  In your inbox since Sun 26 Jul 2026, 11:00 BST: reply to its e-mail (that records the answer), or press the link below if you answered it another way. Its 24 hours end Mon 27 Jul 2026, 11:00 BST.',
        `  I have answered this: ${links(inInbox.id, 'answer')}`,
      ].join('\n'),
    )
    expect(reminder?.text).toContain(
      [
        `  Why it is here: The hidden field was filled in (spam score 12). Its 24 hours end Mon 27 Jul 2026, 10:00 BST.`,
        `  Send it to me: ${links(held.id, 'release')}`,
        `  It is spam: stop listing it: ${links(held.id, 'dismiss')}`,
      ].join('\n'),
    )
  })

  it('says nothing when nothing is due, and never tells staff to run a command', () => {
    expect(renderReminder([], { now, links, afterHours: 20 })).toBeUndefined()
    expect(`${reminder?.subject}${reminder?.text}${reminder?.html}`).not.toMatch(/\bnpm\b/)
  })
})

describe('the weekly summary', () => {
  const monday = new Date('2026-07-27T07:00:00.000Z') // 08:00 BST
  const week = lastWeek(monday)

  it('covers last Monday to this Monday, midnight to midnight in the agency’s zone', () => {
    expect(week).toEqual({
      from: new Date('2026-07-19T23:00:00.000Z'),
      to: new Date('2026-07-26T23:00:00.000Z'),
    })
  })

  const at = (day: number, hour: number) => new Date(Date.UTC(2026, 6, day, hour))
  const answeredAfter = (hours: number, createdAt: Date) =>
    new Date(createdAt.getTime() + hours * 3_600_000).toISOString()
  const fast = enquiry({ answeredAt: answeredAfter(2, at(20, 9)) }, at(20, 9))
  const slower = enquiry({ answeredAt: answeredAfter(6, at(21, 9)) }, at(21, 9))
  const late = enquiry({ answeredAt: answeredAfter(30, at(22, 9)) }, at(22, 9))
  const never = enquiry({}, at(23, 9))
  const dismissedSpam = enquiry(
    { spamLevel: 'certain', emailStatus: 'held', dismissedAt: at(23, 12).toISOString() },
    at(23, 10),
  )
  const releasedSpam = enquiry(
    {
      spamLevel: 'certain',
      answeredAt: answeredAfter(4, at(24, 9)),
      staffActions: [{ action: 'release', at: at(24, 10).toISOString(), by: 'link' }],
    },
    at(24, 9),
  )
  const bounced = enquiry({ emailStatus: 'bounced' }, at(25, 9))
  const canary = enquiry({ synthetic: true }, at(25, 10))
  const recent = enquiry({}, at(26, 20))
  const figures = weeklyFigures(
    [fast, slower, late, never, dismissedSpam, releasedSpam, bounced, canary, recent],
    monday,
  )

  it('counts answered within 24 hours, late, unanswered, the median first answer, held, released, dismissed, not delivered', () => {
    expect(figures).toEqual({
      received: 8,
      dismissed: 1,
      answeredInTime: 3,
      late: [late.ref],
      unanswered: [never.ref, bounced.ref],
      stillInTime: 1,
      medianFirstAnswerMs: 5 * 3_600_000,
      held: 2,
      released: 1,
      notDelivered: 1,
    })
  })

  it('says so in words, with references only: no name, company, address or message', () => {
    const summary = renderWeekly(figures, {
      week,
      waiting: 2,
      waitingLink: links('', 'waiting'),
    })
    expect(summary.subject).toBe('Week of Mon 20 Jul 2026: 8 enquiries, 3 answered within 24 hours')
    expect(summary.text).toContain(
      'Enquiries through the website from Mon 20 Jul 2026 to Sun 26 Jul 2026 (Europe/London time).',
    )
    expect(summary.text).toContain('Answered within 24 hours: 3 of 7 (43%)')
    expect(summary.text).toContain(`Answered later than 24 hours: 1 (${late.ref})`)
    expect(summary.text).toContain(
      `No answer recorded after 24 hours: 2 (${never.ref}, ${bounced.ref})`,
    )
    expect(summary.text).toContain('Median time to first answer: 5 h')
    expect(summary.text).toContain('Held back as spam: 2, of which released by staff: 1')
    expect(summary.text).toContain(
      `2 enquiries are waiting for you now (held back as spam, or not delivered). See every waiting enquiry: ${links('', 'waiting')}`,
    )
    const all = `${summary.subject}${summary.text}${summary.html}`
    for (const personal of [
      validSubmission.firstName,
      validSubmission.lastName,
      validSubmission.company,
      validSubmission.email,
      validSubmission.phone,
      validSubmission.message,
    ]) {
      expect(all).not.toContain(personal)
    }
    expect(all).not.toMatch(/\bnpm\b/)
  })
})
