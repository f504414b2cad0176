import { describe, expect, it, vi } from 'vitest'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { submitContact } from './contacts.ts'
import { apiRequest, HttpError, throwIfResNotOk } from './request.ts'

/** A fetch double that records its calls and answers with `response`. */
function fakeFetch(response: Response) {
  return vi.fn<typeof fetch>(async () => response)
}

describe('apiRequest', () => {
  it('sends the method and URL with credentials, and JSON only when there is a body', async () => {
    const fetch = fakeFetch(new Response('{}', { status: 201 }))
    await apiRequest('POST', '/api/contacts', { a: 1 }, { fetch })
    expect(fetch).toHaveBeenCalledWith('/api/contacts', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    })
  })

  it('adds neither a content type nor a body without a body', async () => {
    const fetch = fakeFetch(new Response('[]'))
    await apiRequest('GET', '/api/contacts', undefined, { fetch })
    expect(fetch).toHaveBeenCalledWith('/api/contacts', {
      method: 'GET',
      credentials: 'include',
      headers: {},
    })
  })

  it('keeps extra headers beside the JSON one', async () => {
    const fetch = fakeFetch(new Response('{}'))
    await apiRequest('POST', '/x', {}, { fetch, headers: { 'Idempotency-Key': 'k' } })
    expect(fetch.mock.calls[0]?.[1]?.headers).toEqual({
      'Idempotency-Key': 'k',
      'Content-Type': 'application/json',
    })
  })

  it('resolves with the response when it is OK', async () => {
    const response = new Response('{"id":"1"}', { status: 201 })
    await expect(apiRequest('POST', '/x', {}, { fetch: fakeFetch(response) })).resolves.toBe(
      response,
    )
  })

  it('lets a network failure through unchanged', async () => {
    const failing = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(apiRequest('POST', '/x', {}, { fetch: failing })).rejects.toThrow(
      'Failed to fetch',
    )
  })
})

describe('the error for a non-OK response', () => {
  it('is the status code, a colon, then the body text', async () => {
    const body = '{"message":"Storage is unavailable"}'
    const response = new Response(body, { status: 503, statusText: 'Service Unavailable' })
    const error = await throwIfResNotOk(response).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe(`503: ${body}`)
    expect((error as HttpError).status).toBe(503)
  })

  it('falls back to the status text when the body is empty', async () => {
    const response = new Response('', { status: 500, statusText: 'Internal Server Error' })
    await expect(throwIfResNotOk(response)).rejects.toThrow('500: Internal Server Error')
  })

  it('comes out of apiRequest too', async () => {
    const fetch = fakeFetch(
      new Response('Too big', { status: 413, statusText: 'Payload Too Large' }),
    )
    await expect(apiRequest('POST', '/x', {}, { fetch })).rejects.toThrow('413: Too big')
  })

  it('is not raised for OK responses', async () => {
    await expect(throwIfResNotOk(new Response(null, { status: 204 }))).resolves.toBeUndefined()
  })
})

describe('submitContact', () => {
  const submission = sampleEnquiry

  it('posts the enquiry with its honeypot and idempotency key, and returns the created record', async () => {
    const created = { id: 'e1', createdAt: '2026-01-01T00:00:00.000Z', message: 'Thanks' }
    const fetch = fakeFetch(Response.json(created, { status: 201 }))
    await expect(
      submitContact(submission, { idempotencyKey: 'key-1', honeypot: '', fetch }),
    ).resolves.toEqual(created)
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('/api/contacts')
    expect(init?.method).toBe('POST')
    expect(init?.headers).toEqual({
      'Idempotency-Key': 'key-1',
      'Content-Type': 'application/json',
    })
    expect(JSON.parse(String(init?.body))).toEqual({ ...submission, website: '' })
  })
})
