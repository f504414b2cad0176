/**
 * Keeps the machine's cores busy for a bounded time (`npm run cpu-burn`, scripts/cpu-burn-cli.ts).
 */
import { availableParallelism } from 'node:os'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'

/** A forgotten burner must not hog a shared machine: no run outlives this. */
export const maxSeconds = 3600

export interface BurnOptions {
  readonly workers: number
  readonly seconds: number
}

export function parseBurnOptions(args: string[]): BurnOptions {
  const { values } = parseArgs({
    args,
    options: {
      seconds: { type: 'string', default: '60' },
      workers: { type: 'string', default: String(availableParallelism()) },
    },
  })
  const seconds = Number(values.seconds)
  const workers = Number(values.workers)
  if (!(seconds > 0 && seconds <= maxSeconds)) {
    throw new Error(
      `--seconds must be more than 0 and at most ${maxSeconds} (got ${values.seconds})`,
    )
  }
  if (!(Number.isInteger(workers) && workers >= 1 && workers <= 64)) {
    throw new Error(`--workers must be a whole number from 1 to 64 (got ${values.workers})`)
  }
  return { seconds, workers }
}

// Each worker checks the deadline itself, so the run ends on time even if the parent is starved.
const spin = `
const { workerData } = require('node:worker_threads')
let x = 0
while (Date.now() < workerData.until) {
  for (let i = 0; i < 1e5; i++) x = (x * 31 + i) | 0
}
`

/** Spins `workers` threads until `seconds` have passed; resolves when all have stopped. */
export async function burn({ workers, seconds }: BurnOptions): Promise<void> {
  const until = Date.now() + seconds * 1000
  await Promise.all(
    Array.from(
      { length: workers },
      () =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(spin, { eval: true, workerData: { until } })
          worker.once('error', reject)
          worker.once('exit', () => resolve())
        }),
    ),
  )
}
