import { spawnSync } from 'node:child_process'
import { productionSiteUrl } from './stage-selection.ts'
import { stages } from './stages.ts'

/**
 * The environment `npm run synth`, `diff` and `deploy` build and synthesise with: SITE_URL names
 * the production stage's domain unless it is set already (the app refuses a mismatch), so one
 * build is right for every stage.
 */
export function commandEnv(): NodeJS.ProcessEnv {
  const siteUrl = process.env.SITE_URL || productionSiteUrl(stages)
  return { ...process.env, ...(siteUrl && { SITE_URL: siteUrl }) }
}

/** Runs a command with the inherited terminal; exits with its status when it fails. */
export function run(command: string, args: string[], env = commandEnv()): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

/** `npm run build`: the pages every stage serves. */
export function buildSite(): void {
  run('npm', ['run', '--silent', 'build'])
}
