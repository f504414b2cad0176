import { SendEmailCommand } from '@aws-sdk/client-ses'
import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { contactApi, contactMessages, maxLengths } from '#shared/contact.ts'
import { dynamo, handler, invoke, mockAwsPerTest, ses } from '../test-fixtures/mocked-contact.ts'
import {
  formEvent,
  httpEvent,
  jsonEvent,
  testContext,
  validSubmission,
} from '../test-fixtures/test-support.ts'
import { refusedFormPage } from './form-pages.ts'

mockAwsPerTest()

describe('POST /api/contacts/form (no JavaScript)', () => {
  const fields = { ...validSubmission, website: '' } as Record<string, string>
  /** A post to the form route with its own content type; a body given as bytes goes as base64. */
  const formPost = (contentType: string, body: string | Buffer) =>
    httpEvent({
      path: '/api/contacts/form',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : body.toString('base64'),
      isBase64Encoded: typeof body !== 'string',
    })

  it('stores and e-mails a valid post, then sends the visitor on to /contact/sent', async () => {
    const response = await invoke(formEvent(fields))
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/contact/sent')
    expect(response.body).toBe('')
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject(validSubmission)
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1)
  })

  /** The values the page's copy of the form holds, as a browser would read them. */
  const postedBack = (body: string | undefined) => {
    const decode = (text: string) =>
      text
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
    const values: Record<string, string> = {}
    for (const [, name = '', value = ''] of (body ?? '').matchAll(
      /<input [^>]*name="(\w+)"[^>]* value="([^"]*)"/g,
    )) {
      values[name] = decode(value)
    }
    for (const [, name = '', value = ''] of (body ?? '').matchAll(
      /<textarea [^>]*name="(\w+)"[^>]*>([^<]*)<\/textarea>/g,
    )) {
      values[name] = decode(value)
    }
    return values
  }

  const html = async (event: Parameters<typeof handler>[0]) => {
    const response = await handler(event, testContext)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    return response
  }

  it('answers an invalid post with an HTML page naming each failed field and its message', async () => {
    const response = await html(
      formEvent({ ...fields, lastName: '', email: 'nope', message: 'hi' }),
    )
    expect(response.statusCode).toBe(400)
    const items = [...(response.body ?? '').matchAll(/<li data-field="(\w+)">(.*?)<\/li>/g)].map(
      ([, field, item]) => [
        field,
        item
          ?.replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ],
    )
    expect(items).toEqual([
      ['lastName', `Last Name ${contactMessages.lastName}`],
      ['email', `Email ${contactMessages.email}`],
      ['message', `Message ${contactMessages.message}`],
    ])
    // The way back is the form itself, holding what was posted, each failed field marked.
    expect(postedBack(response.body)).toEqual({
      ...fields,
      lastName: '',
      email: 'nope',
      message: 'hi',
    })
    expect(response.body).toContain(`action="${contactApi.formPath}"`)
    expect(response.body).toMatch(
      /name="email"[^>]*aria-invalid="true" aria-describedby="field-email-error"/,
    )
    expect(response.body).toContain('<span class="error" id="field-email-error">')
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('repeats what was posted only as text, each value cut to its field’s limit', async () => {
    const hostile = '"><script>alert(1)</script>'
    const response = await html(
      formEvent({ ...fields, firstName: hostile, email: 'nope', message: `</textarea>${hostile}` }),
    )
    expect(response.body).not.toContain('<script>')
    expect(postedBack(response.body)).toMatchObject({
      firstName: hostile,
      message: `</textarea>${hostile}`,
    })
    const long = await html(formEvent({ ...fields, company: 'x'.repeat(200), email: 'nope' }))
    expect(postedBack(long.body).company).toBe('x'.repeat(maxLengths.company))
  })

  it('escapes what it repeats, so a page never runs markup from the request', async () => {
    const page = refusedFormPage(503, '<script>alert(1)</script>')
    expect(page.body).not.toContain('<script>')
    expect(page.body).toContain('&lt;script&gt;')
  })

  it('reads a body that is not base64-encoded too', async () => {
    const response = await invoke(
      formPost(
        'application/x-www-form-urlencoded; charset=UTF-8',
        new URLSearchParams(fields).toString(),
      ),
    )
    expect(response.headers.location).toBe('/contact/sent')
  })

  it('sends a bot that fills the honeypot to /contact/sent, holding its post back as spam', async () => {
    const response = await invoke(formEvent({ ...fields, website: 'spam' }))
    expect(response.headers.location).toBe('/contact/sent')
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({
      emailStatus: 'held',
    })
    expect(ses.calls()).toHaveLength(0)
  })

  it('answers 503 with an HTML page saying what happened and what to do when storage fails', async () => {
    dynamo.on(PutCommand).rejects(new Error('down'))
    const response = await html(formEvent(fields))
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('60')
    expect(response.body).toContain('<h1>Your message has not been sent</h1>')
    expect(response.body).toMatch(/could not save your message/)
    expect(response.body).toContain('Nothing has been stored')
    expect(postedBack(response.body)).toEqual(fields)
  })

  it('answers 415 to JSON sent to the form route, as a page', async () => {
    const response = await html({ ...jsonEvent(validSubmission), rawPath: '/api/contacts/form' })
    expect(response.statusCode).toBe(415)
    expect(response.body).toContain('Please send the form as application/x-www-form-urlencoded.')
  })

  it('refuses a post in another charset with a page in words, storing nothing', async () => {
    const response = await html(
      formPost(
        'application/x-www-form-urlencoded; charset=iso-8859-1',
        // "Zoë" as ISO-8859-1 encodes it.
        Buffer.from(new URLSearchParams(fields).toString().replace('Ada', 'Zo%EB')),
      ),
    )
    expect(response.statusCode).toBe(415)
    expect(response.body).toContain('<h1>Your message has not been sent</h1>')
    expect(response.body).toContain('character encoding other than UTF-8')
    expect(response.body).toContain('Nothing has been stored')
    expect(dynamo.calls()).toHaveLength(0)
    expect(ses.calls()).toHaveLength(0)
  })

  it.each([
    ['percent-encoded', (body: string) => Buffer.from(body.replace('Ada', 'Zo%EB'))],
    ['raw', (body: string) => Buffer.from(body.replace('Ada', 'Zo\u00eb'), 'latin1')],
  ])('refuses %s bytes that are not UTF-8 with a page, storing nothing', async (_label, bytes) => {
    const response = await html(
      formPost('application/x-www-form-urlencoded', bytes(new URLSearchParams(fields).toString())),
    )
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('not valid UTF-8 text')
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('answers 413 to an oversized post, as a page', async () => {
    const response = await html(formEvent({ ...fields, message: 'x'.repeat(17 * 1024) }))
    expect(response.statusCode).toBe(413)
    expect(response.body).toContain('too large')
  })

  it('answers an unexpected failure with a page that does not claim nothing was stored', async () => {
    const broken = { ...formEvent(fields), requestContext: undefined } as never
    const response = await html(broken)
    expect(response.statusCode).toBe(500)
    expect(response.body).toMatch(/something went wrong/)
    expect(response.body).not.toContain('Nothing has been stored')
  })
})
