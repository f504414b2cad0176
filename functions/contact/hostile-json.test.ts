import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contactApi, contactSchema } from '#shared/contact.ts'
import * as hostile from '../test-fixtures/hostile-requests.ts'
import {
  expectJsonAnswer,
  expectTableAndOutbox,
  inMemoryAwsPerTest,
  send,
  table,
} from '../test-fixtures/in-memory-contact.ts'
import { httpEvent } from '../test-fixtures/test-support.ts'

/** Hostile JSON requests (the runs and generators: hostile-requests.ts). */
inMemoryAwsPerTest()

/**
 * What Middy's parser refuses, at any depth (its reviver sees every key of the parsed body, and
 * with a repeated key JSON keeps the last value): `__proto__`, or a `constructor` whose value
 * holds a `prototype`.
 */
function forbiddenKeyIn(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false
  return Object.entries(value).some(
    ([key, inner]) =>
      key === '__proto__' ||
      (key === 'constructor' && Boolean(inner) && Object.hasOwn(Object(inner), 'prototype')) ||
      forbiddenKeyIn(inner),
  )
}

describe('POST /api/contacts under generated hostile input', () => {
  it(`answers ${hostile.RUNS.jsonPayloads} JSON objects with a 4xx or 201, storing only valid enquiries`, async () => {
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(
        hostile.payloadEntries,
        hostile.contentTypeHeader,
        hostile.headerName,
        hostile.idempotencyKey,
        fc.boolean(),
        async (entries, contentType, contentTypeName, key, base64) => {
          const body = hostile.objectText(entries)
          const response = await send(
            hostile.requestEvent({ body, contentType, contentTypeName, key, base64 }),
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
          const hasForbiddenKey = forbiddenKeyIn(parsed)
          if (size > contactApi.maxBodyBytes) expect(response.statusCode).toBe(413)
          else if (!hostile.jsonContentTypePattern.test(contentType))
            expect(response.statusCode).toBe(415)
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
      { numRuns: hostile.RUNS.jsonPayloads },
    )
    // The generator reaches the store often enough for the storage checks to mean something.
    expect(accepted).toBeGreaterThan(hostile.RUNS.jsonPayloads / 10)
  }, 60_000)

  it(`answers ${hostile.RUNS.rawBodies} bodies of any shape (non-JSON, nested, huge, empty) with a 4xx or 201`, async () => {
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
        hostile.contentTypeHeader,
        fc.boolean(),
        async (text, contentType, base64) => {
          const response = await send(hostile.requestEvent({ body: text, contentType, base64 }))
          expectJsonAnswer(response)
          expectTableAndOutbox()
        },
      ),
      { numRuns: hostile.RUNS.rawBodies },
    )
  }, 60_000)

  it(`answers ${hostile.RUNS.requests} requests with any method, path or headers without a 5xx`, async () => {
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
          fc.oneof(
            fc.string({ maxLength: 40 }),
            fc.uuid(),
            fc.constantFrom(...hostile.jsonContentTypes),
          ),
          { maxKeys: 4 },
        ),
        fc.option(hostile.payloadEntries.map(hostile.objectText), { nil: undefined }),
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
      { numRuns: hostile.RUNS.requests },
    )
  }, 60_000)
})
