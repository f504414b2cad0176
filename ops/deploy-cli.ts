import { fileURLToPath } from 'node:url'
import { buildSite, commandEnv, run } from '#infra/cdk-commands.ts'
import { stages } from '#infra/stages.ts'
import { deployRefusals, oneRunWarnings } from './deploy-guards.ts'

/**
 * `npm run deploy -- STAGE [cdk options]` and `npm run diff -- STAGE [cdk options]`: build the
 * site, then `cdk deploy|diff` of exactly that stage's stacks, with its committed settings
 * (infra/stages.ts). Both refuse a stage or a site identity still holding the template's
 * placeholders. Further `-c key=value` options are passed on, each with a warning that it lasts
 * one run; the app refuses any that would take away the stage's domain, certificate, web ACL,
 * SES identities or alarm e-mails.
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
// A diff of placeholders is as meaningless as a deploy of them (it asks the example account).
const refusals = deployRefusals(stage, settings, commandEnv())
if (refusals.length > 0) {
  console.error(
    `${refusals.join('\n')}\nNothing was built or sent to AWS (docs/deploy.md, "Before the first deploy").`,
  )
  process.exit(2)
}
for (const warning of oneRunWarnings(stage, rest)) console.warn(warning)
// Read-only checks of the account and DNS next (the guards above need no network): a first deploy
// that would fail half-way stops here.
if (command === 'deploy') {
  run(process.execPath, [fileURLToPath(new URL('./preflight-cli.ts', import.meta.url)), stage])
}
buildSite()
run('cdk', [command, '-c', `stage=${stage}`, `${stage}/*`, ...rest])
