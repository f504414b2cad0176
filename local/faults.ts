import { randomUUID } from 'node:crypto'
import { responseMessages } from '#functions/contact/responses.ts'
import { type FaultStack, SEND_CUT_OFF } from './fault-stack.ts'
import { killedSender } from './killed-sender.ts'
import {
  acceptedKeys,
  enquiryBody,
  type LoadOptions,
  type LoadResult,
  refusedKeys,
  runLoad,
} from './load.ts'

/**
 * The fault runs of `npm run bench:api` (and local/faults.test.ts, at a small scale): the
 * contact API under load on the fault stack, with SES or DynamoDB switched off, or the function
 * killed between its write and its e-mail. Each returns its checks; none measures time.
 */

export interface ScenarioCheck {
  readonly name: string
  readonly ok: boolean
  readonly detail: string
}

const check = (name: string, ok: boolean, detail: string): ScenarioCheck => ({ name, ok, detail })

/** Steady load: every 201 with a distinct key is exactly one stored enquiry, e-mailed once. */
export async function loadScenario(stack: FaultStack, options: LoadOptions) {
  const load = await runLoad(stack, options)
  const keys = acceptedKeys(load)
  const stored = await stack.storedFor(load.email)
  const storedIds = new Set(stored.map((item) => item.id))
  // A write cut off by the storage deadline may land after its 503 (the documented edge): such an
  // enquiry is stored and pending, and the next retry run sends it. (Counted against what the
  // server answered: a time-bound load stops listening before its last answers arrive.)
  const storedAfter503 = stored.length - keys.size
  const keysOnlyRefused = refusedKeys(load).size
  if (storedAfter503 > 0) await stack.runRetry(10 * 60_000)
  const mailbox = await stack.mailboxCounts()
  const mailed = stored.filter((item) => (mailbox.get(item.id) ?? 0) >= 1).length
  const twice = stored.filter((item) => (mailbox.get(item.id) ?? 0) > 1).length
  const checks = [
    check(
      'stored enquiries = 201 answers with a distinct key (plus writes that landed after a 503)',
      storedAfter503 >= 0 && storedAfter503 <= keysOnlyRefused,
      `${stored.length} stored, ${keys.size} distinct keys answered 201 (${load.repeated201} repeated keys deduplicated), ${storedAfter503} stored after a 503`,
    ),
    check(
      'every id the client was given is stored',
      [...load.acceptedIds].every((id) => storedIds.has(id)),
      `${load.acceptedIds.size} ids received`,
    ),
    check(
      'each stored enquiry e-mailed, twice only after a send cut off by its deadline',
      mailed === stored.length && twice <= stack.events.count(SEND_CUT_OFF),
      `${mailed} of ${stored.length} e-mailed, ${twice} twice, ${stack.events.count(SEND_CUT_OFF)} sends cut off`,
    ),
    check('no 5xx', !load.served.some(({ status }) => status >= 500), 'server answers'),
  ]
  return { load, stored: stored.length, checks }
}

/**
 * SES switched off for the middle of the load (`from`…`to`, as shares of its duration): every
 * accepted enquiry is stored; once SES is back, the retry function e-mails each pending one,
 * and the mailbox holds exactly one e-mail per enquiry.
 */
export async function sesOutageScenario(
  stack: FaultStack,
  options: LoadOptions & { readonly from?: number; readonly to?: number },
) {
  const from = options.from ?? 0.25
  const to = options.to ?? 0.75
  const before = await stack.mailboxCounts()
  const load = await runLoad(stack, {
    ...options,
    during: [
      { atShare: from, action: () => stack.ses.down('unavailable') },
      { atShare: to, action: () => stack.ses.up() },
    ],
  })
  stack.ses.up()
  const keys = acceptedKeys(load)
  const stored = await stack.storedFor(load.email)
  const pendingAfterLoad = stored.filter((item) => item.emailStatus === 'pending').length
  const mailedDuringLoad = stored.length - pendingAfterLoad

  // The schedule's later runs, each as if twenty minutes on: past every backoff so far, and past
  // the claim of a send a busy machine cut off.
  let sentByRetry = 0
  let runs = 0
  const cutOffBefore = stack.events.count(SEND_CUT_OFF)
  for (;;) {
    const summary = await stack.runRetry(20 * 60_000 * (runs + 1))
    runs++
    sentByRetry += summary.sentCount
    const left = (await stack.storedFor(load.email)).filter(
      (item) => item.emailStatus === 'pending',
    )
    if (left.length === 0 || runs >= 50) break
  }
  const finalRun = await stack.runRetry(20 * 60_000 * (runs + 1))
  const cutOff = stack.events.count(SEND_CUT_OFF) - cutOffBefore
  const after = await stack.mailboxCounts()
  const storedAfter = await stack.storedFor(load.email)
  const perEnquiry = stored.map((item) => (after.get(item.id) ?? 0) - (before.get(item.id) ?? 0))
  const checks = [
    check(
      'every accepted enquiry stored',
      stored.length === keys.size &&
        [...load.acceptedIds].every((id) => stored.some((item) => item.id === id)),
      `${stored.length} stored, ${keys.size} distinct keys answered 201`,
    ),
    check(
      'SES refused requests during the load',
      stack.ses.refused > 0 && pendingAfterLoad > 0,
      `${pendingAfterLoad} enquiries left pending`,
    ),
    check(
      'the retry function sent every pending e-mail',
      sentByRetry >= pendingAfterLoad && storedAfter.every((item) => item.emailStatus === 'sent'),
      `${sentByRetry} sent in ${runs} run(s)`,
    ),
    check(
      'the mailbox holds one e-mail per enquiry (two only after a send cut off by its deadline)',
      perEnquiry.every((count) => count >= 1) &&
        perEnquiry.filter((count) => count > 1).length <= cutOff,
      `${perEnquiry.filter((count) => count === 1).length} of ${stored.length}; duplicates ${perEnquiry.filter((count) => count > 1).length} (${cutOff} sends cut off), missing ${perEnquiry.filter((count) => count === 0).length}`,
    ),
    check(
      'a later run finds nothing left to send',
      finalRun.pendingCount === 0 && finalRun.sentCount === 0,
      `${finalRun.pendingCount} pending`,
    ),
    check('no 5xx', !load.served.some(({ status }) => status >= 500), 'server answers'),
  ]
  return { load, stored: stored.length, pendingAfterLoad, mailedDuringLoad, sentByRetry, checks }
}

/**
 * DynamoDB dropping every connection: every answer a 503 or a 504 with its clear message (a
 * dropped connection may have carried the write: 504, "could not confirm"), nothing stored or
 * sent.
 */
export async function dynamoDbOutageScenario(stack: FaultStack, options: LoadOptions) {
  const before = await stack.mailboxCounts()
  const mailBefore = [...before.values()].reduce((sum, count) => sum + count, 0)
  stack.dynamoDb.down('reset')
  let load: LoadResult
  try {
    load = await runLoad(stack, { ...options, repeatShare: 0 })
  } finally {
    stack.dynamoDb.up()
  }
  const after = await stack.mailboxCounts()
  const mailAfter = [...after.values()].reduce((sum, count) => sum + count, 0)
  const stored = await stack.storedFor(load.email)
  const answered = load.served.length
  const refused = load.served.every(({ status }) => status === 503 || status === 504)
  const words = (status: number) =>
    load.messages[status] && (JSON.parse(load.messages[status]) as { message: string }).message
  const checks = [
    check('every answer is 503 or 504', answered > 0 && refused, `${answered} answered`),
    check(
      'with a clear message (and Retry-After for a 503)',
      (load.messages[503] === undefined ||
        (words(503) === responseMessages.unavailable && load.retryAfter[503] === '60')) &&
        (load.messages[504] === undefined || words(504) === responseMessages.unknownOutcome),
      `${words(503) ?? 'no 503'}, Retry-After: ${load.retryAfter[503]}; ${words(504) ?? 'no 504'}`,
    ),
    check('nothing stored', stored.length === 0, `${stored.length} stored`),
    check('no e-mail sent', mailAfter === mailBefore, `${mailAfter - mailBefore} new e-mails`),
  ]
  return { load, checks }
}

/**
 * The enquiry sender's process killed (SIGKILL) the moment it starts, after the contact function
 * wrote the enquiry: the item stays pending with no attempt recorded. The retry function sends
 * it, once.
 */
export async function crashScenario(stack: FaultStack) {
  const email = `crash-${randomUUID().slice(0, 8)}@example.co.uk`
  const killed = await killedSender(stack, enquiryBody(email), 'first-call')
  const [enquiry] = await stack.storedFor(email)
  const mailedBefore = enquiry ? ((await stack.mailboxCounts()).get(enquiry.id) ?? 0) : 0

  const mailed = async () => (enquiry ? ((await stack.mailboxCounts()).get(enquiry.id) ?? 0) : 0)
  await stack.runRetry(0)
  const mailedEarly = await mailed()
  const summary = await stack.runRetry(2 * 60_000)
  const mailedAfter = await mailed()
  const [after] = await stack.storedFor(email)
  await stack.runRetry(10 * 60_000)
  const mailedLater = await mailed()
  const checks = [
    check('the function died between the write and the e-mail', killed.died, killed.detail),
    check(
      'the enquiry was stored, pending, with no attempt recorded',
      enquiry?.emailStatus === 'pending' &&
        enquiry.emailAttempts === 0 &&
        enquiry.emailPending !== undefined,
      enquiry ? `emailStatus ${enquiry.emailStatus}, attempts ${enquiry.emailAttempts}` : 'none',
    ),
    check('nothing was e-mailed by the dead function', mailedBefore === 0, `${mailedBefore}`),
    check(
      'the retry leaves it alone in its first minute (the function may still be running)',
      mailedEarly === 0,
      `${mailedEarly} e-mailed`,
    ),
    check(
      'the retry function sends it a minute on',
      summary.sentCount >= 1 && after?.emailStatus === 'sent' && mailedAfter === 1,
      `${mailedAfter} e-mail, status ${after?.emailStatus}`,
    ),
    check('a later run sends nothing more', mailedLater === 1, `${mailedLater} in the mailbox`),
  ]
  return { checks }
}
