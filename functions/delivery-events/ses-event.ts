import * as z from 'zod/mini'

/**
 * The part of an SES event-publishing record this product reads, as AWS documents it ("Contents
 * of event data that Amazon SES publishes to Amazon SNS"): the event's type, the message it is
 * about (its SES id and its tags) and, per type, when it happened and why. Everything else
 * (headers, recipients' addresses, diagnostic text) is ignored and never stored.
 */
const timestamp = z
  .string()
  .check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'a timestamp'))

const mailSchema = z.object({
  timestamp,
  messageId: z.string(),
  /** Tag name → values; SES adds its own (`ses:configuration-set` …) beside the sender's. */
  tags: z.optional(z.record(z.string(), z.array(z.string()))),
})

export const sesEventSchema = z.object({
  /** `notificationType` in identity feedback notifications, `eventType` in event publishing. */
  eventType: z.optional(z.string()),
  notificationType: z.optional(z.string()),
  mail: mailSchema,
  bounce: z.optional(
    z.object({ bounceType: z.string(), bounceSubType: z.optional(z.string()), timestamp }),
  ),
  complaint: z.optional(
    z.object({
      complaintFeedbackType: z.optional(z.string()),
      timestamp: z.optional(timestamp),
    }),
  ),
  delivery: z.optional(z.object({ timestamp })),
  reject: z.optional(z.object({ reason: z.optional(z.string()) })),
  deliveryDelay: z.optional(z.object({ delayType: z.optional(z.string()), timestamp })),
})

export type SesEvent = z.infer<typeof sesEventSchema>

/** The event's type whichever field names it (`Bounce`, `Delivery`, `DeliveryDelay` …). */
export function sesEventType(event: SesEvent): string {
  return event.eventType ?? event.notificationType ?? 'unknown'
}

/**
 * Reads one SNS message body as an SES event; `undefined` for anything else (an SNS
 * subscription confirmation, a malformed or foreign message), which the handler skips.
 */
export function parseSesEvent(message: string): SesEvent | undefined {
  let json: unknown
  try {
    json = JSON.parse(message)
  } catch {
    return undefined
  }
  const parsed = sesEventSchema.safeParse(json)
  return parsed.success ? parsed.data : undefined
}
