/**
 * `npm run cpu-burn`: keeps the machine's cores busy for a bounded time, then exits by itself, so
 * timing-sensitive tests can be run the way a slow phone or a shared CI runner would run them
 * (`npm run cpu-burn -- --seconds 900 &` then `npm test`).
 *
 *   npm run cpu-burn                          one spinning worker per core, 60 s
 *   npm run cpu-burn -- --seconds 900         longer (at most an hour)
 *   npm run cpu-burn -- --workers 1           one core only
 */
import { type BurnOptions, burn, parseBurnOptions } from './cpu-burn.ts'

let options: BurnOptions
try {
  options = parseBurnOptions(process.argv.slice(2))
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
console.log(`cpu-burn: ${options.workers} worker(s) spinning for ${options.seconds} s`)
const started = Date.now()
await burn(options)
console.log(`cpu-burn: done after ${((Date.now() - started) / 1000).toFixed(1)} s`)
