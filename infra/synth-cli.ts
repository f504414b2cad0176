import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { buildSite, run } from './cdk-commands.ts'
import { assembledStacks, readAssembly } from './cloud-assembly.ts'

/**
 * `npm run synth [-- STAGE] [-c key=value …]`: build the site, `cdk synth --quiet` every
 * committed stage (or the one named), then print where each template went, what it holds, what
 * cdk-nag said and, when cfn-lint is installed, what it says of every template. Exits non-zero on
 * any cdk-nag finding or cfn-lint error.
 */
const args = process.argv.slice(2)
const stage = args[0] && !args[0].startsWith('-') ? args.shift() : undefined
buildSite()
run('cdk', ['synth', '--quiet', ...(stage ? ['-c', `stage=${stage}`] : []), ...args])

const outdir = resolve('cdk.out')
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'))
const shown = (path: string) => relative(process.cwd(), path)

const assembly = readAssembly(outdir)
if (!assembly) throw new Error(`No cloud assembly in ${outdir} after cdk synth`)
const stacks = assembledStacks(assembly).map((stack) => ({
  name: `${stack.stackName} (${stack.displayName})`,
  environment: stack.environment,
  file: stack.templateFile,
  resources: Object.keys(stack.template.Resources ?? {}).length,
}))
console.log(`Synthesised ${stacks.length} stack(s) into ${shown(outdir) || '.'}/`)
for (const { name, environment, file, resources } of stacks) {
  console.log(`  ${name}, ${environment}: ${shown(file)}, ${resources} resources`)
}

const reportFile = `${outdir}/validation-report.json`
if (existsSync(reportFile)) {
  const report = readJson(reportFile) as { pluginReports: { violations?: unknown[] }[] }
  const findings = report.pluginReports.flatMap((plugin) => plugin.violations ?? []).length
  console.log(
    findings === 0
      ? 'cdk-nag (AwsSolutions): no unacknowledged findings'
      : `cdk-nag (AwsSolutions): ${findings} unacknowledged finding(s), see ${shown(reportFile)}`,
  )
  if (findings > 0) process.exitCode = 1
}

// cfn-lint checks what CloudFormation will accept, where it is installed (pip install cfn-lint);
// nothing here requires it.
const lint = spawnSync(
  'cfn-lint',
  // W3005: CDK writes a DependsOn beside a GetAtt of the same role (its functions); harmless.
  ['--non-zero-exit-code=error', '--ignore-checks=W3005', ...stacks.map(({ file }) => shown(file))],
  { stdio: 'inherit' },
)
if (lint.error) {
  console.log('cfn-lint: not installed, templates not linted (pip install cfn-lint)')
} else if (lint.status === 0) {
  console.log(`cfn-lint: no errors in ${stacks.length} template(s)`)
} else {
  console.log('cfn-lint: errors above')
  process.exitCode = 1
}
