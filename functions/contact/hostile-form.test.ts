import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contactApi, contactFields } from '#shared/contact.ts'
import * as hostile from '../test-fixtures/hostile-requests.ts'
import * as inMemory from '../test-fixtures/in-memory-contact.ts'
import { validSubmission } from '../test-fixtures/test-support.ts'

/** Hostile form posts (the runs and generators: hostile-requests.ts). */
inMemory.inMemoryAwsPerTest()

describe('POST /api/contacts/form (no JavaScript) under generated hostile input', () => {
  const formFieldValue = fc.oneof(
    { weight: 3, arbitrary: hostile.plausibleText(10) },
    {
      weight: 1,
      arbitrary: hostile.emailAddress.filter(
        (value) => typeof value === 'string',
      ) as fc.Arbitrary<string>,
    },
    { weight: 2, arbitrary: hostile.anyText },
    { weight: 1, arbitrary: hostile.hugeText },
  )
  const formFields = fc.array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...contactFields) },
        { weight: 1, arbitrary: hostile.hostileKey },
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
    {
      weight: 1,
      arbitrary: fc.constantFrom(...hostile.jsonContentTypes, ...hostile.otherContentTypes),
    },
  )

  it(`answers ${hostile.RUNS.formPosts} form posts with a 303 or an HTML 4xx page, storing only valid enquiries`, async () => {
    let sent = 0
    await fc.assert(
      fc.asyncProperty(
        formBody,
        formContentType,
        fc.boolean(),
        async (body, contentType, base64) => {
          const response = await inMemory.send(
            hostile.requestEvent({ body, contentType, base64, path: contactApi.formPath }),
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
            expect(inMemory.table.size).toBe(0)
          }
          inMemory.expectTableAndOutbox()
        },
      ),
      { numRuns: hostile.RUNS.formPosts },
    )
    expect(sent).toBeGreaterThan(hostile.RUNS.formPosts / 10)
  }, 60_000)
})

it('runs at least 10,000 generated requests in all', () => {
  expect(Object.values(hostile.RUNS).reduce((sum, runs) => sum + runs, 0)).toBeGreaterThanOrEqual(
    10_000,
  )
})
