import * as z from 'zod'

/**
 * The part of an SES event-publishing record this product reads, as AWS documents it ("Contents
 * of event data that Amazon SES publishes to Amazon SNS"): the event's type, the message it is
 * about (its SES id and its tags) and, per type, when it happened and why. Everything else
 * (headers, recipients' addresses, diagnostic text) is ignored and never stored.
 */
const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'a timestamp')

const mailSchema = z.object({
  timestamp,
  messageId: z.string(),
  /** Tag name → values; SES adds its own (`ses:configuration-set` …) beside the sender's. */
  tags: z.record(z.string(), z.array(z.string())).optional(),
})

export const sesEventSchema = z.object({
  /** `notificationType` in identity feedback notifications, `eventType` in event publishing. */
  eventType: z.string().optional(),
  notificationType: z.string().optional(),
  mail: mailSchema,
  bounce: z
    .object({ bounceType: z.string(), bounceSubType: z.string().optional(), timestamp })
    .optional(),
  complaint: z
    .object({ complaintFeedbackType: z.string().optional(), timestamp: timestamp.optional() })
    .optional(),
  delivery: z.object({ timestamp }).optional(),
  reject: z.object({ reason: z.string().optional() }).optional(),
  deliveryDelay: z.object({ delayType: z.string().optional(), timestamp }).optional(),
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
