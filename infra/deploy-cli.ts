import { fileURLToPath } from 'node:url'
import { buildSite, run } from './cdk-commands.ts'
import { placeholdersIn, stages } from './stages.ts'

/**
 * `npm run deploy -- STAGE [cdk options]` and `npm run diff -- STAGE [cdk options]`: build the
 * site, then `cdk deploy|diff` of exactly that stage's stacks, with its committed settings
 * (infra/stages.ts). Further `-c key=value` options are passed on; the app refuses any that
 * would take away the stage's domain, certificate, web ACL or SES identities.
 */
const [command, stage, ...rest] = process.argv.slice(2)
const names = Object.keys(stages)
if ((command !== 'deploy' && command !== 'diff') || !stage || stage.startsWith('-')) {
  console.error(
    `Usage: npm run ${command ?? 'deploy'} -- STAGE [cdk options]\nStages (infra/stages.ts): ${names.join(', ')}`,
  )
  process.exit(2)
}
const settings = (stages as Record<string, (typeof stages)[keyof typeof stages]>)[stage]
if (!settings) {
  console.error(
    `There is no stage "${stage}". Stages (infra/stages.ts): ${names.join(', ')}; a new stage is one entry there.`,
  )
  process.exit(2)
}
const placeholders = placeholdersIn(settings)
if (command === 'deploy' && placeholders.length > 0) {
  console.error(
    `The ${stage} stage still holds placeholders: ${placeholders.join(', ')}.\n` +
      'Fill them in infra/stages.ts first (docs/deploy.md, "Before the first deploy").',
  )
  process.exit(2)
}
// Read-only checks of the account and DNS first: a first deploy that would fail half-way stops here.
if (command === 'deploy') {
  run(process.execPath, [fileURLToPath(new URL('./ops/preflight-cli.ts', import.meta.url)), stage])
}
buildSite()
run('cdk', [command, '-c', `stage=${stage}`, `${stage}/*`, ...rest])
