import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { sharedConfigurations } from './configurations.ts'
import {
  type Configuration,
  cachedFolder,
  configurationOf,
  inputsHash,
  pruneOtherInputs,
  repoRoot,
} from './synth-cache.ts'

/**
 * The infra project's set-up: every configuration several files read, synthesised once (none
 * when the cache already holds them for this code), spread over the cores in child processes,
 * each loading aws-cdk-lib once. The tests then read the assemblies from the cache.
 */
export default async function setup(project: TestProject) {
  const inputs = inputsHash()
  pruneOtherInputs(inputs)
  const missing = sharedConfigurations.filter(
    (configuration) =>
      !existsSync(join(cachedFolder(inputs, configurationOf(configuration)), 'layout.json')),
  )
  const workers = Math.max(1, Math.min(availableParallelism(), missing.length))
  const shares = Array.from({ length: workers }, (_, index) =>
    missing.filter((_, position) => position % workers === index),
  )
  await Promise.all(shares.map((share) => synthesiseInChild(inputs, share)))
  project.provide('synthInputs', inputs)
}

const child = `
const [cache, inputs, configurations] = process.argv.slice(1)
const { cachedSynthesis } = await import(cache)
for (const configuration of JSON.parse(configurations)) cachedSynthesis(inputs, configuration)
`

async function synthesiseInChild(inputs: string, configurations: Configuration[]) {
  if (configurations.length === 0) return
  const cache = join(repoRoot, 'infra', 'testing', 'synth-cache.ts')
  const synth = spawn(
    process.execPath,
    ['--input-type=module', '-e', child, cache, inputs, JSON.stringify(configurations)],
    { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] },
  )
  const [code] = (await once(synth, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`synthesising the shared configurations failed (exit ${code})`)
}
