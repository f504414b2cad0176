import { randomUUID } from 'node:crypto'
import { contactApi } from '#shared/contact.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import { signSyntheticMarker } from '../enquiries/synthetic.ts'

/**
 * The canary's check, once: what the scheduled canary function runs every hour and
 * `npm run canary -- URL` runs on demand, against a deployed site or the local stack alike.
 * Every step goes the visitor's own way (the site's public URL: CloudFront, its WAF, the API's
 * secret path); only the last two read the enquiry back from the table, and only its status.
 */

/** The enquiry the canary sends: obviously a test to anyone who ever reads it. */
export const canarySubmission = {
  firstName: 'Website',
  lastName: 'Canary',
  email: syntheticEnquiry.recipient,
  phone: '020 7946 0999',
  company: 'Synthetic check',
  position: 'Canary',
  message: 'An automatic test enquiry: it proves the contact form works end to end.',
} as const

/** What the canary may read of an enquiry (its role may read no other attribute). */
export const canaryReadableAttributes = [
  'id',
  'createdAt',
  'expiresAt',
  'emailStatus',
  'emailSentBy',
  'synthetic',
] as const

export interface CanaryView {
  readonly id: string
  readonly createdAt?: string
  readonly expiresAt?: number
  readonly emailStatus?: string
  /** Which function's send SES accepted (`sender`, the stream's; `retry`, the safety net's). */
  readonly emailSentBy?: string
  readonly synthetic?: boolean
}

export type StepName = 'home page' | 'enquiry accepted' | 'stored as synthetic' | 'delivered'
export const stepNames: readonly StepName[] = [
  'home page',
  'enquiry accepted',
  'stored as synthetic',
  'delivered',
]

export interface CanaryStep {
  readonly step: StepName
  readonly status: 'pass' | 'fail' | 'skipped'
  readonly ms: number
  readonly detail: string
}

export interface CanaryResult {
  readonly passed: boolean
  readonly steps: readonly CanaryStep[]
  readonly enquiryId?: string
}

export interface CanaryOptions {
  /** The site's public address (`https://www.example.com`, or the local stack's). */
  readonly siteUrl: string
  /** The stage's synthetic key. */
  readonly key: string
  /** Reads the enquiry's status fields (a consistent read); `undefined` when there is none. */
  readonly readEnquiry: (id: string, signal: AbortSignal) => Promise<CanaryView | undefined>
  readonly fetch?: typeof fetch
  readonly now?: () => Date
  /**
   * How long SES may take to report the e-mail delivered before the run is failed as late.
   * @default DELIVERED_WITHIN_MS
   */
  readonly deliveredWithinMs?: number
  /** @default 3 s */
  readonly pollEveryMs?: number
  /**
   * The time limit of each request (page, post, each read).
   * @default STEP_TIMEOUT_MS
   */
  readonly stepTimeoutMs?: number
}

/**
 * SES's simulator reports a delivery within seconds; the e-mail itself may wait for the retry
 * (every minute) if the first send failed. Five minutes is late by any measure.
 */
export const DELIVERED_WITHIN_MS = 5 * 60_000
/** A page or a post that takes longer than this is a failure a visitor would notice too. */
export const STEP_TIMEOUT_MS = 10_000

/** Statuses an enquiry's e-mail never leaves by itself: waiting longer would change nothing. */
const finalProblems = new Set(['bounced', 'complained', 'rejected', 'gave-up', 'held'])

class StepFailure extends Error {}

/** Runs the four steps in order; the first failure ends the run, the rest are `skipped`. */
export async function runCanary(options: CanaryOptions): Promise<CanaryResult> {
  const http = options.fetch ?? fetch
  const now = options.now ?? (() => new Date())
  const stepTimeout = options.stepTimeoutMs ?? STEP_TIMEOUT_MS
  const site = options.siteUrl.replace(/\/+$/, '')
  const steps: CanaryStep[] = []
  let enquiryId: string | undefined
  let stored: CanaryView | undefined

  const bodies: Record<StepName, () => Promise<string>> = {
    'home page': async () => {
      const response = await http(`${site}/`, { signal: AbortSignal.timeout(stepTimeout) })
      const html = await response.text()
      const type = response.headers.get('content-type') ?? ''
      if (response.status !== 200) fail(`GET / answered ${response.status}`)
      if (!/^text\/html/i.test(type) || !/<html[\s>]/i.test(html)) {
        fail(`GET / answered 200 but not a page (${type || 'no content type'})`)
      }
      return `GET / answered 200 (${html.length} characters of HTML)`
    },
    'enquiry accepted': async () => {
      const idempotencyKey = randomUUID()
      const body = JSON.stringify(canarySubmission)
      const response = await http(`${site}${contactApi.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [contactApi.idempotencyHeader]: idempotencyKey,
          [syntheticEnquiry.header]: signSyntheticMarker(
            options.key,
            { idempotencyKey, body },
            now(),
          ),
        },
        body,
        signal: AbortSignal.timeout(stepTimeout),
      })
      const text = await response.text()
      if (response.status !== 201) {
        fail(`POST ${contactApi.path} answered ${response.status}: ${text.slice(0, 200)}`)
      }
      const id = (JSON.parse(text) as { id?: unknown }).id
      if (typeof id !== 'string') fail(`POST ${contactApi.path} answered 201 without an id`)
      enquiryId = id as string
      return `POST ${contactApi.path} answered 201, enquiry ${enquiryId}`
    },
    'stored as synthetic': async () => {
      stored = await options.readEnquiry(enquiryId as string, AbortSignal.timeout(stepTimeout))
      if (!stored) fail(`enquiry ${enquiryId} is not in the table`)
      const view = stored as CanaryView
      if (view.synthetic !== true) {
        fail('stored as an ordinary enquiry: the marker did not verify (is the key the stage’s?)')
      }
      const createdAt = Date.parse(view.createdAt ?? '')
      const keptFor = (view.expiresAt ?? Number.NaN) - Math.floor(createdAt / 1000)
      if (keptFor !== syntheticEnquiry.retentionSeconds) {
        fail(`stored to expire ${keptFor} s after it was sent, not one day`)
      }
      return 'stored as synthetic, to expire one day after it was sent'
    },
    delivered: async () => {
      const deadline = Date.now() + (options.deliveredWithinMs ?? DELIVERED_WITHIN_MS)
      let view = stored
      let status = view?.emailStatus
      for (;;) {
        if (status === 'delivered') return sentByTheSender(view?.emailSentBy)
        if (status && finalProblems.has(status)) fail(`the e-mail ended ${status}`)
        if (Date.now() >= deadline) {
          fail(
            `late: not delivered within ${Math.round((deadline - startedAt) / 1000)} s (still ${status ?? 'unknown'})`,
          )
        }
        await new Promise((resolve) => setTimeout(resolve, options.pollEveryMs ?? 3_000))
        view = await options.readEnquiry(enquiryId as string, AbortSignal.timeout(stepTimeout))
        status = view?.emailStatus
      }
    },
  }

  let startedAt = Date.now()
  for (const step of stepNames) {
    if (steps.some((done) => done.status !== 'pass')) {
      steps.push({ step, status: 'skipped', ms: 0, detail: 'not run: an earlier step failed' })
      continue
    }
    startedAt = Date.now()
    try {
      const detail = await bodies[step]()
      steps.push({ step, status: 'pass', ms: Date.now() - startedAt, detail })
    } catch (error) {
      steps.push({ step, status: 'fail', ms: Date.now() - startedAt, detail: reasonOf(error) })
    }
  }
  return {
    passed: steps.every((step) => step.status === 'pass'),
    steps,
    ...(enquiryId && { enquiryId }),
  }
}

/**
 * A delivered e-mail passes only when the stream's sender sent it: the retry sending it instead
 * (a minute late) means the sender did not run, which no other step would show.
 */
function sentByTheSender(sentBy: string | undefined): string {
  const delivered = 'SES reported the e-mail to its mailbox simulator delivered'
  if (sentBy === 'sender') return `${delivered}, sent by the stream's sender`
  if (sentBy === 'retry') {
    fail(
      `${delivered}, but sent by the retry, not the stream's sender: the sender did not run for it (check its event source mapping and its errors)`,
    )
  }
  return fail(`${delivered}, but no function recorded sending it (emailSentBy is missing)`)
}

function fail(detail: string): never {
  throw new StepFailure(detail)
}

/** A failure in words: the step's own, or what the network said (a time-out, a refused port). */
function reasonOf(error: unknown): string {
  if (error instanceof StepFailure) return error.message
  const name = (error as Error)?.name
  if (name === 'TimeoutError' || name === 'AbortError')
    return 'late: no answer within its time limit'
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause
  const why = cause?.code ?? cause?.message
  return `${name ?? 'Error'}${why ? ` (${why})` : ''}: ${String((error as Error)?.message ?? error)}`
}

/** One line per step, as the command prints them and the function logs them. */
export function formatCanaryResult(result: CanaryResult): string {
  return result.steps
    .map(
      (step) =>
        `${step.status.toUpperCase().padEnd(7)} ${step.step} (${step.ms} ms): ${step.detail}`,
    )
    .join('\n')
}
