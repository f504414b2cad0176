import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb'
import { SESClient, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-ses'
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import fc from 'fast-check'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { contactApi, contactFields, contactSchema } from '../../shared/contact.ts'
import { normaliseEmail, retentionExpiresAt } from '../../shared/enquiry-table.ts'
import { createAwsClients } from '../aws-clients.ts'
import { renderEnquiryEmail } from '../enquiries/email.ts'
import type { Enquiry } from '../enquiries/item.ts'
import { silentLogger } from '../log.ts'
import {
  httpEvent,
  testConfig,
  testContext,
  validSubmission,
} from '../test-fixtures/test-support.ts'
import { createContactHandler } from './create-handler.ts'

/**
 * Hostile input, generated: fast-check throws thousands of requests at the real handler (Middy,
 * the body parsers, zod, the store and the e-mail code), with DynamoDB and SES replaced by an
 * in-memory table and an outbox. Whatever arrives, the answer is a 4xx or a 201 (a 303 for the
 * form) with a JSON message, only valid enquiries are stored, and nothing a visitor typed
 * reaches an e-mail header unescaped. Run counts are below; together they exceed 10,000.
 */
const RUNS = {
  jsonPayloads: 4_000,
  rawBodies: 2_500,
  requests: 1_500,
  formPosts: 2_500,
} as const

const dynamo = mockClient(DynamoDBDocumentClient)
const ses = mockClient(SESClient)

/** The table, as the handler would leave it: items by id. */
const table = new Map<string, Record<string, unknown>>()
const outbox: SendEmailCommandInput[] = []

beforeEach(() => {
  dynamo.reset()
  ses.reset()
  dynamo.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
    const id = String(input.Item.id)
    if (table.has(id)) {
      throw new ConditionalCheckFailedException({ message: 'exists', $metadata: {} })
    }
    // What DynamoDB keeps is a copy: later changes to the handler's object do not reach it.
    table.set(id, structuredClone(input.Item))
    return {}
  })
  dynamo
    .on(GetCommand)
    .callsFake((input: { Key: { id: string } }) => ({ Item: table.get(input.Key.id) }))
  dynamo.on(QueryCommand).resolves({ Items: [] })
  dynamo.on(UpdateCommand).callsFake((input: { Key: { id: string } }) => {
    const item = table.get(input.Key.id)
    if (!item) throw new ConditionalCheckFailedException({ message: 'gone', $metadata: {} })
    item.emailAttempts = Number(item.emailAttempts ?? 0) + 1
    return { Attributes: { emailAttempts: item.emailAttempts } }
  })
  ses.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
    outbox.push(input)
    return { MessageId: `message-${outbox.length}` }
  })
})

const handler = createContactHandler({
  config: testConfig,
  clients: createAwsClients(testConfig, {
    credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
  }),
  log: silentLogger,
})

// --- What may come back, and what may be kept ------------------------------------------------

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort()
afterAll(() => {
  // No payload, whatever its keys, reached Object.prototype.
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys)
  expect(({} as Record<string, unknown>).admin).toBeUndefined()
})

/** Lone UTF-16 surrogates: text no mail server or HTTP client can encode. */
const loneSurrogate = /\p{Cs}/u
/** What must never appear in a mail header: line breaks of any kind and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const headerBreaker = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/

const storedKeys = new Set<string>([
  ...contactFields,
  'id',
  'createdAt',
  'expiresAt',
  'emailNormalised',
  'submissionHash',
  'ref',
  'emailPending',
  'emailStatus',
  'emailStatusAt',
  'attention',
  'emailAttempts',
  'emailLastAttemptAt',
  'emailSentAt',
  'emailMessageId',
  'spamLevel',
  'spamScore',
  'spamReasons',
  'messageHash',
  'messageSender',
])

/** Every stored item is a valid enquiry: what the schema would make of it, and nothing else. */
function expectValidItem(item: Record<string, unknown>) {
  for (const key of Object.keys(item)) expect(storedKeys, `stored key ${key}`).toContain(key)
  const fields = Object.fromEntries(contactFields.map((field) => [field, item[field]]))
  const reparsed = contactSchema.safeParse(fields)
  expect(reparsed.success, 'the stored fields pass the schema').toBe(true)
  expect(reparsed.data).toEqual(fields)
  for (const field of contactFields) {
    expect(loneSurrogate.test(String(item[field])), `${field} is well-formed text`).toBe(false)
  }
  expect(item.emailNormalised).toBe(normaliseEmail(String(item.email)))
  expect(item.expiresAt).toBe(retentionExpiresAt(new Date(String(item.createdAt))))
  expect(item.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
}

/** The tags of the e-mail's HTML, `<br>`s apart: what the template writes, never more. */
const skeleton = (html: string) =>
  (html.match(/<[^>]*>?/g) ?? []).filter((tag) => tag !== '<br>').join('')
/** The template's skeleton for an item's verdict (a marked e-mail lists its reasons first). */
const templateSkeleton = (item: Record<string, unknown>) =>
  skeleton(
    renderEnquiryEmail({
      ...validSubmission,
      id: '00000000-0000-4000-8000-000000000000',
      createdAt: new Date(0).toISOString(),
      spamLevel: item.spamLevel,
      spamScore: 0,
      spamReasons: (item.spamReasons as string[]).map(() => 'a reason'),
    } as Enquiry).html,
  )

/** The e-mail about a stored item: safe headers, and markup only from the template. */
function expectSafeEmail(email: SendEmailCommandInput, item: Record<string, unknown>) {
  const headers = {
    Source: email.Source,
    To: email.Destination?.ToAddresses?.join(', '),
    ReplyTo: email.ReplyToAddresses?.join(', '),
    Subject: email.Message?.Subject?.Data,
  }
  for (const [name, value] of Object.entries(headers)) {
    expect(typeof value, name).toBe('string')
    expect(headerBreaker.test(value as string), `${name} has no line break or control`).toBe(false)
    expect(loneSurrogate.test(value as string), `${name} is encodable`).toBe(false)
  }
  expect(email.Source).toBe(testConfig.senderEmail)
  expect(email.Destination?.ToAddresses).toEqual([testConfig.agencyEmail])
  expect(email.ReplyToAddresses).toEqual([item.email])
  expect(headers.Subject).toContain(`(ref ${item.ref})`)

  const html = email.Message?.Body?.Html?.Data ?? ''
  const text = email.Message?.Body?.Text?.Data ?? ''
  expect(skeleton(html), 'no markup from the payload').toBe(templateSkeleton(item))
  const lineBreaks = String(item.message).match(/\r\n|\r|\n/g)?.length ?? 0
  expect(html.split('<br>').length - 1).toBe(lineBreaks)
  expect(loneSurrogate.test(html) || loneSurrogate.test(text), 'bodies are encodable').toBe(false)
}

interface Outcome {
  readonly statusCode: number
  readonly headers: Record<string, string>
  readonly body?: string | undefined
}

async function send(event: ReturnType<typeof httpEvent>): Promise<Outcome> {
  table.clear()
  outbox.length = 0
  return (await handler(event, testContext)) as Outcome
}

/** An answer the visitor (or the form's toast) can read: a 4xx or 201 with a JSON message. */
function expectJsonAnswer(response: Outcome) {
  expect(
    response.statusCode === 201 || (response.statusCode >= 400 && response.statusCode < 500),
  ).toBe(true)
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
  const body = JSON.parse(response.body ?? '') as { message?: unknown; id?: unknown }
  expect(typeof body.message).toBe('string')
  expect((body.message as string).length).toBeGreaterThan(0)
  if (response.statusCode === 201) expect(typeof body.id).toBe('string')
  return body
}

/** After any request: every stored item valid, and each e-mailed once, safely. */
function expectTableAndOutbox() {
  const stored = [...table.values()]
  for (const item of stored) expectValidItem(item)
  // Certain spam is kept, not e-mailed.
  const items = stored.filter((item) => item.emailStatus !== 'held')
  expect(outbox).toHaveLength(items.length)
  for (const [index, email] of outbox.entries()) {
    const item = items[index] as Record<string, unknown>
    expectSafeEmail(email, item)
  }
}

// --- Generators ---------------------------------------------------------------------------

/** Text that tries to break something: headers, markup, encodings, storage. */
const nasty = fc.constantFrom(
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
const anyText = fc.oneof(
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
const plausibleText = (minLength: number) =>
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 12 }), anyText, fc.string({ maxLength: 12 }))
    .map(([head, middle, tail]) => `Ok${head}${middle}${tail}`.padEnd(minLength, '.'))
const hugeText = fc.integer({ min: 90, max: 20_000 }).map((length) => 'x'.repeat(length))
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
)
const emailAddress = fc.oneof(
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
const fieldValue = (field: (typeof contactFields)[number]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: field === 'email' ? emailAddress : plausibleText(field === 'message' ? 10 : 1),
    },
    { weight: 2, arbitrary: anyText },
    { weight: 1, arbitrary: hugeText },
    { weight: 1, arbitrary: wrongType },
  )

const hostileKey = fc.oneof(
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
function objectText(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`
}

const extraEntries = fc.array(
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
const hostileButValidEntries = fc
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
const anyEntries = fc
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

const payloadEntries = fc.oneof(anyEntries, hostileButValidEntries)

const jsonContentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON; charset=UTF-8',
  'application/json ; charset=utf-8',
  'application/json;charset=utf-8',
  'application/vnd.api+json',
  'application/problem+json',
]
const otherContentTypes = [
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
const jsonContentTypePattern = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i
const contentTypeHeader = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...jsonContentTypes) },
  { weight: 2, arbitrary: fc.constantFrom(...otherContentTypes) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
)
const headerName = fc.constantFrom('content-type', 'Content-Type', 'CONTENT-TYPE', 'Content-type')
const idempotencyKey = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
)

function requestEvent(options: {
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

const property = { numRuns: 0 } as const

describe('POST /api/contacts under generated hostile input', () => {
  it(`answers ${RUNS.jsonPayloads} JSON objects with a 4xx or 201, storing only valid enquiries`, async () => {
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(
        payloadEntries,
        contentTypeHeader,
        headerName,
        idempotencyKey,
        fc.boolean(),
        async (entries, contentType, contentTypeName, key, base64) => {
          const body = objectText(entries)
          const response = await send(
            requestEvent({ body, contentType, contentTypeName, key, base64 }),
          )
          const answer = expectJsonAnswer(response)
          expectTableAndOutbox()
          if (response.statusCode === 201) accepted++

          // The oracle: what the contract says this request must get.
          const size = Buffer.byteLength(body)
          const keyValid =
            key === undefined ||
            key.trim() === '' ||
            /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(key.trim())
          const parsed = JSON.parse(body) as Record<string, unknown>
          // Middy's parser refuses `__proto__`, and a `constructor` holding a `prototype`; with a
          // repeated key, JSON keeps the last value.
          const last = new Map(entries)
          const ctor = last.get('constructor')
          const hasForbiddenKey =
            last.has('__proto__') ||
            (typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype'))
          if (size > contactApi.maxBodyBytes) expect(response.statusCode).toBe(413)
          else if (!jsonContentTypePattern.test(contentType)) expect(response.statusCode).toBe(415)
          else if (hasForbiddenKey) expect(response.statusCode).toBe(422)
          else if (!keyValid) expect(response.statusCode).toBe(400)
          else {
            const honeypot = parsed[contactApi.honeypotField]
            const bot =
              honeypot !== undefined &&
              honeypot !== null &&
              (typeof honeypot !== 'string' || honeypot.trim() !== '')
            const valid = contactSchema.safeParse(parsed).success
            if (bot) {
              // Same answer as any enquiry; a valid one is kept, held back as certain spam.
              expect(response.statusCode).toBe(201)
              expect(table.size).toBe(valid ? 1 : 0)
            } else if (valid) {
              expect(response.statusCode, `accepted: ${answer.message}`).toBe(201)
              expect(table.size).toBe(1)
            } else {
              expect(response.statusCode).toBe(400)
              expect(table.size).toBe(0)
            }
          }
        },
      ),
      { ...property, numRuns: RUNS.jsonPayloads },
    )
    // The generator reaches the store often enough for the storage checks to mean something.
    expect(accepted).toBeGreaterThan(RUNS.jsonPayloads / 10)
  }, 60_000)

  it(`answers ${RUNS.rawBodies} bodies of any shape (non-JSON, nested, huge, empty) with a 4xx or 201`, async () => {
    const nested = fc
      .tuple(fc.integer({ min: 1, max: 9_000 }), fc.constantFrom('[', '{"a":'))
      .map(([depth, open]) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`)
    const body = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
      fc.string({ unit: 'binary' }),
      nested,
      fc.constantFrom(
        '',
        'null',
        '[]',
        '{}',
        '"just a string"',
        '{"firstName": "Ada",',
        '{"__proto__": {"admin": true}}',
        '{"constructor": {"prototype": {"admin": true}}}',
        '{"a": 1}{"b": 2}',
        '\ufeff{}',
        'NaN',
        '1e400',
      ),
      fc.integer({ min: 16 * 1024 - 16, max: 64 * 1024 }).map((size) => '['.padEnd(size, ' ')),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.option(body, { nil: undefined, freq: 20 }),
        contentTypeHeader,
        fc.boolean(),
        async (text, contentType, base64) => {
          const response = await send(requestEvent({ body: text, contentType, base64 }))
          expectJsonAnswer(response)
          expectTableAndOutbox()
        },
      ),
      { ...property, numRuns: RUNS.rawBodies },
    )
  }, 60_000)

  it(`answers ${RUNS.requests} requests with any method, path or headers without a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'POST',
          'post',
          'GET',
          'PUT',
          'DELETE',
          'PATCH',
          'OPTIONS',
          'HEAD',
          'TRACE',
        ),
        fc.constantFrom(
          contactApi.path,
          `${contactApi.path}/`,
          `${contactApi.path}//`,
          contactApi.formPath,
          `${contactApi.path}/1`,
          '/api',
          '/',
          '/api/contacts/../contacts',
          '/API/CONTACTS',
        ),
        fc.dictionary(
          fc.constantFrom(
            'content-type',
            'idempotency-key',
            'content-length',
            'x-forwarded-for',
            'cookie',
            'Idempotency-Key',
          ),
          fc.oneof(fc.string({ maxLength: 40 }), fc.uuid(), fc.constantFrom(...jsonContentTypes)),
          { maxKeys: 4 },
        ),
        fc.option(payloadEntries.map(objectText), { nil: undefined }),
        async (method, path, headers, body) => {
          const event = httpEvent({ method, path, headers, ...(body !== undefined && { body }) })
          const response = await send(event)
          const formRoute = path.replace(/\/+$/, '') === contactApi.formPath
          if (response.statusCode === 303) {
            expect(formRoute).toBe(true)
          } else if (formRoute) {
            // The no-JavaScript form's route answers browsers with a page, never JSON.
            expect(response.statusCode).toBeGreaterThanOrEqual(400)
            expect(response.statusCode).toBeLessThan(500)
            expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
          } else {
            expectJsonAnswer(response)
          }
          expectTableAndOutbox()
        },
      ),
      { ...property, numRuns: RUNS.requests },
    )
  }, 60_000)
})

describe('POST /api/contacts/form (no JavaScript) under generated hostile input', () => {
  const formFieldValue = fc.oneof(
    { weight: 3, arbitrary: plausibleText(10) },
    {
      weight: 1,
      arbitrary: emailAddress.filter((value) => typeof value === 'string') as fc.Arbitrary<string>,
    },
    { weight: 2, arbitrary: anyText },
    { weight: 1, arbitrary: hugeText },
  )
  const formFields = fc.array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...contactFields) },
        { weight: 1, arbitrary: hostileKey },
      ),
      formFieldValue,
    ),
    { maxLength: 12 },
  )
  const formBody = fc.oneof(
    { weight: 6, arbitrary: formFields.map((fields) => new URLSearchParams(fields).toString()) },
    // Valid fields, with hostile values, so many posts reach the store.
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...contactFields), formFieldValue, fc.boolean())
        .map(([field, value, honeypot]) =>
          new URLSearchParams({
            ...validSubmission,
            [field]: value,
            ...(honeypot && { [contactApi.honeypotField]: value }),
          }).toString(),
        ),
    },
    { weight: 1, arbitrary: fc.string() },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '&&&',
        '=',
        'firstName=%E0%A4%A',
        'a=1&a=2',
        '%00=%0d%0a',
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  )
  const formContentType = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        'application/x-www-form-urlencoded',
        'application/x-www-form-urlencoded; charset=UTF-8',
        'Application/X-WWW-Form-Urlencoded',
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...jsonContentTypes, ...otherContentTypes) },
  )

  it(`answers ${RUNS.formPosts} form posts with a 303 or an HTML 4xx page, storing only valid enquiries`, async () => {
    let sent = 0
    await fc.assert(
      fc.asyncProperty(
        formBody,
        formContentType,
        fc.boolean(),
        async (body, contentType, base64) => {
          const response = await send(
            requestEvent({ body, contentType, base64, path: contactApi.formPath }),
          )
          if (response.statusCode === 303) {
            expect(response.headers.location).toBe(contactApi.formSentPath)
            sent++
          } else {
            // A browser posted this form: it gets a page a person reads, never JSON.
            expect(response.statusCode).toBeGreaterThanOrEqual(400)
            expect(response.statusCode).toBeLessThan(500)
            expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
            expect(response.body).toMatch(/^<!doctype html>/)
            if (response.statusCode === 400 && !response.body?.includes('not valid UTF-8')) {
              const fields = [...(response.body ?? '').matchAll(/data-field="([^"]+)"/g)]
              expect(fields.length).toBeGreaterThan(0)
              for (const [, field] of fields) expect(contactFields).toContain(field)
            }
            expect(table.size).toBe(0)
          }
          expectTableAndOutbox()
        },
      ),
      { ...property, numRuns: RUNS.formPosts },
    )
    expect(sent).toBeGreaterThan(RUNS.formPosts / 10)
  }, 60_000)
})

it('runs at least 10,000 generated requests in all', () => {
  expect(Object.values(RUNS).reduce((sum, runs) => sum + runs, 0)).toBeGreaterThanOrEqual(10_000)
})
