import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpApiRoute } from './api-gateway.ts'

let seen: APIGatewayProxyEventV2 | undefined
let answer: APIGatewayProxyResultV2 | Error = { statusCode: 204 }
const server = createServer(
  httpApiRoute(async (event, context) => {
    seen = event
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(0)
    if (answer instanceof Error) throw answer
    return answer
  }, 'test'),
)
let url: string

beforeAll(async () => {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('API Gateway (HTTP API, payload 2.0) adapter', () => {
  it('passes method, path, query, lower-cased headers and cookies as the event', async () => {
    await fetch(`${url}/api/contacts?a=1&a=2&b=x`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k', Cookie: 'c1=1; c2=2' },
      body: '{"firstName":"Ada"}',
    })
    expect(seen).toMatchObject({
      version: '2.0',
      rawPath: '/api/contacts',
      rawQueryString: 'a=1&a=2&b=x',
      queryStringParameters: { a: '1,2', b: 'x' },
      cookies: ['c1=1', 'c2=2'],
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k' },
      requestContext: { http: { method: 'POST', path: '/api/contacts' }, stage: '$default' },
      body: '{"firstName":"Ada"}',
      isBase64Encoded: false,
    })
    expect(seen?.headers).not.toHaveProperty('cookie')
  })

  it('base64-encodes a form body, as HTTP APIs do', async () => {
    await fetch(`${url}/api/contacts/form`, {
      method: 'POST',
      body: new URLSearchParams({ firstName: 'Zoë' }),
    })
    expect(seen?.isBase64Encoded).toBe(true)
    expect(Buffer.from(seen?.body ?? '', 'base64').toString()).toBe('firstName=Zo%C3%AB')
  })

  it('writes the structured result: status, headers, body', async () => {
    answer = { statusCode: 303, headers: { location: '/contact/sent' }, body: '' }
    const response = await fetch(`${url}/api/contacts/form`, { method: 'POST', redirect: 'manual' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/contact/sent')
  })

  it('sends a bare value as 200 JSON', async () => {
    answer = JSON.stringify({ ok: true })
    const response = await fetch(`${url}/x`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
  })

  it('answers 500 like API Gateway when the function throws', async () => {
    answer = new Error('boom')
    const response = await fetch(`${url}/x`)
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ message: 'Internal Server Error' })
  })
})
