// autocannon ships no types; this is the part of its API the load and fault runs use.
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
    }

    interface RequestStep<Context> {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
      /** Returns the request to send (a falsy value restarts the sequence). */
      setupRequest?: (request: Request, context: Context) => Request
      onResponse?: (
        status: number,
        body: string,
        context: Context,
        headers: Record<string, string | undefined>,
      ) => void
    }

    interface Options<Context> {
      url: string
      connections?: number
      /** Seconds. */
      duration?: number
      amount?: number
      maxOverallRequests?: number
      /** Seconds before a request counts as a timeout. */
      timeout?: number
      requests?: RequestStep<Context>[]
    }

    interface Histogram {
      average: number
      mean: number
      min: number
      max: number
      p50: number
      p90: number
      p99: number
      total: number
    }

    interface Result {
      /** Seconds. */
      duration: number
      requests: Histogram
      latency: Histogram
      errors: number
      timeouts: number
      non2xx: number
      '1xx': number
      '2xx': number
      '3xx': number
      '4xx': number
      '5xx': number
      statusCodeStats?: Record<string, { count: number }>
    }
  }

  function autocannon<Context = Record<string, unknown>>(
    options: autocannon.Options<Context>,
  ): Promise<autocannon.Result>

  export default autocannon
}
