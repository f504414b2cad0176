import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { dynamo, mockAwsPerTest } from '../test-fixtures/mocked-contact.ts'
import {
  awsError,
  formEvent,
  testClients,
  testConfig,
  testContext,
  validSubmission,
} from '../test-fixtures/test-support.ts'
import { answerShellFrom } from './answer-shell.ts'
import { createContactHandler } from './create-handler.ts'

mockAwsPerTest()

/** A built page as the site's build writes it, in miniature: head, banner, header, main, footer. */
const builtPage = `<!DOCTYPE html><html lang="en-GB"><head><title>Check Your Details | Elevate Digital</title><style>.css-x{color:red}</style></head><body><a href="#main">Skip to main content</a><section id="cookie-banner" hidden></section><header data-site-header=""><a href="/">Elevate Digital</a><details data-mobile-menu=""><summary aria-label="Menu"></summary><nav aria-label="Main (mobile)"></nav></details></header><main id="main" tabindex="-1" class="css-1gma7iw"><section><h1>Please check your details</h1><p>Prerendered rules</p></section></main><footer><a href="/privacy-policy">Privacy Policy</a></footer><script data-entry="/assets/entries/check.js"></script></body></html>`

const shell = answerShellFrom(builtPage)

const handler = createContactHandler({
  config: testConfig,
  clients: testClients(),
  log: () => undefined,
  ...(shell && { answerShell: shell }),
})

const post = async (fields: Record<string, string>) =>
  handler(formEvent({ ...fields, website: '' }), testContext)

describe('the no-JavaScript answer pages inside the site’s own page', () => {
  it('cut a built page at its main landmark, and nothing without one', () => {
    expect(shell?.before.endsWith('<main id="main" tabindex="-1" class="css-1gma7iw">')).toBe(true)
    expect(shell?.after.startsWith('</main><footer>')).toBe(true)
    expect(answerShellFrom('<html><body><p>No landmark</p></body></html>')).toBeUndefined()
  })

  it('a 400 keeps the site’s header, menu, footer and scripts, with its own title and words in main', async () => {
    const response = await post({ ...validSubmission, lastName: '', email: 'nope' })
    expect(response.statusCode).toBe(400)
    const body = response.body ?? ''
    for (const part of [
      '<header data-site-header="">',
      '<summary aria-label="Menu">',
      '<footer><a href="/privacy-policy">Privacy Policy</a></footer>',
      '<a href="#main">Skip to main content</a>',
      '<script data-entry="/assets/entries/check.js">',
      '<style>.css-x{color:red}</style>',
    ]) {
      expect(body).toContain(part)
    }
    expect(body.match(/<title>[^<]*<\/title>/g)).toEqual([
      '<title>Please check your details</title>',
    ])
    // The prerendered step's own content is replaced by the answer.
    expect(body).not.toContain('Prerendered rules')
    expect(body.match(/<main\b/g)).toHaveLength(1)
    const main = body.slice(body.indexOf('<main'), body.indexOf('</main>'))
    expect(main).toContain('<h1>Please check your details</h1>')
  })

  it('lists what to fix as links to the fields, in the form’s order, and keeps the form filled in', async () => {
    const response = await post({ ...validSubmission, lastName: '', email: 'nope' })
    const body = response.body ?? ''
    const links = [...body.matchAll(/<li data-field="(\w+)"><a href="#([\w-]+)">/g)].map(
      ([, field, target]) => [field, target],
    )
    expect(links).toEqual([
      ['lastName', 'field-lastName'],
      ['email', 'field-email'],
    ])
    for (const [, target] of links) expect(body).toContain(`id="${target}"`)
    expect(body).toContain(`value="${validSubmission.firstName}"`)
    expect(body).toContain('value="nope"')
  })

  it('a refusal built from the outcome (storage down) keeps its status, retry-after and the shell', async () => {
    dynamo.on(PutCommand).rejects(awsError('InternalServerError', 'down'))
    const response = await post(validSubmission)
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('60')
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    const body = response.body ?? ''
    expect(body).toContain('<header data-site-header="">')
    expect(body).toContain('Sorry, we could not save your message just now.')
    expect(body).toContain(`value="${validSubmission.firstName}"`)
  })

  it('a refusal before the pipeline (a wrong content type) is the same page, its status kept', async () => {
    const event = formEvent(validSubmission)
    event.headers = { 'content-type': 'text/plain' }
    const response = await handler(event, testContext)
    expect(response.statusCode).toBe(415)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toContain('<header data-site-header="">')
  })
})
