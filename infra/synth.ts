import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'

/**
 * `npm run synth [-- -c key=value …]`: `cdk synth --quiet` with the given arguments (it prints
 * nothing on success), then where each template went, what it holds and what cdk-nag said.
 */
const synth = spawnSync('cdk', ['synth', '--quiet', ...process.argv.slice(2)], { stdio: 'inherit' })
if (synth.status !== 0) process.exit(synth.status ?? 1)

const outdir = resolve('cdk.out')
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

interface ManifestArtifact {
  type: string
  environment?: string
  properties?: { templateFile?: string; stackName?: string }
}

const manifest = readJson(`${outdir}/manifest.json`) as {
  artifacts: Record<string, ManifestArtifact>
}
const stacks = Object.entries(manifest.artifacts).filter(
  ([, artifact]) => artifact.type === 'aws:cloudformation:stack',
)
console.log(`Synthesised ${stacks.length} stack(s) into ${relative(process.cwd(), outdir) || '.'}/`)
for (const [id, artifact] of stacks) {
  const templateFile = `${outdir}/${artifact.properties?.templateFile}`
  const template = readJson(templateFile) as { Resources?: Record<string, unknown> }
  const resources = Object.keys(template.Resources ?? {}).length
  console.log(
    `  ${id} (${artifact.environment}): ${relative(process.cwd(), templateFile)}, ${resources} resources`,
  )
}

const reportFile = `${outdir}/validation-report.json`
if (existsSync(reportFile)) {
  const report = readJson(reportFile) as { pluginReports: { violations?: unknown[] }[] }
  const findings = report.pluginReports.flatMap((plugin) => plugin.violations ?? []).length
  console.log(
    findings === 0
      ? 'cdk-nag (AwsSolutions): no unacknowledged findings'
      : `cdk-nag (AwsSolutions): ${findings} unacknowledged finding(s), see ${relative(process.cwd(), reportFile)}`,
  )
  if (findings > 0) process.exitCode = 1
}
