import { readFileSync } from 'node:fs'
import { Script } from 'node:vm'

/** The shapes of CloudFront Functions' viewer-request event, as far as this site uses them. */
export interface ViewerRequestEvent {
  request: {
    method: string
    uri: string
    querystring: Record<string, { value: string; multiValue?: { value: string }[] }>
    headers: Record<string, { value: string }>
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
