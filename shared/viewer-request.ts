import { readFileSync } from 'node:fs'
import { Script } from 'node:vm'

/** A query parameter, header or cookie as CloudFront Functions present it. */
export interface ViewerValue {
  value: string
  multiValue?: { value: string }[]
}

/**
 * CloudFront Functions' viewer-request event (version 1.0). `uri` is the path exactly as the
 * viewer sent it; query names and values are still percent-encoded.
 */
export interface ViewerRequestEvent {
  version: '1.0'
  context: {
    distributionDomainName?: string
    distributionId?: string
    eventType: 'viewer-request'
    requestId?: string
  }
  viewer: { ip: string }
  request: {
    method: string
    uri: string
    querystring: Record<string, ViewerValue>
    headers: Record<string, ViewerValue>
    cookies: Record<string, ViewerValue>
  }
}

export interface ViewerResponse {
  statusCode: number
  statusDescription: string
  headers: Record<string, { value: string }>
}

export type ViewerRequestResult = ViewerRequestEvent['request'] | ViewerResponse

export const viewerRequestFile = new URL('./viewer-request.js', import.meta.url).pathname

/** Loads the CloudFront function source exactly as CloudFront would run it: as a script. */
export function loadViewerRequest(): (event: ViewerRequestEvent) => ViewerRequestResult {
  const source = readFileSync(viewerRequestFile, 'utf8')
  return new Script(`${source}\n;handler`, { filename: viewerRequestFile }).runInNewContext({})
}

export function isViewerResponse(result: ViewerRequestResult): result is ViewerResponse {
  return 'statusCode' in result
}

/**
 * A raw query string (`a=x%20y&b&a=2`, no `?`) in CloudFront's shape: names and values kept
 * percent-encoded, repeated names gathered in `multiValue` (its first value also in `value`).
 */
export function parseRawQuery(raw: string): Record<string, ViewerValue> {
  const querystring: Record<string, ViewerValue> = {}
  for (const part of raw.split('&')) {
    if (part === '') continue
    const equals = part.indexOf('=')
    const name = equals === -1 ? part : part.slice(0, equals)
    const value = equals === -1 ? '' : part.slice(equals + 1)
    const entry = querystring[name]
    if (!entry) {
      querystring[name] = { value }
    } else {
      entry.multiValue = [...(entry.multiValue ?? [{ value: entry.value }]), { value }]
    }
  }
  return querystring
}
