import { readFileSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import type { StackTemplate } from '#functions/retention-audit/template-pool.ts'
import { assembledStacks, readAssembly } from '#infra/cloud-assembly.ts'
import { isFolder } from '../folders.ts'
import { UsageProblem } from './refusals.ts'

/** Reading synthesised templates: a cloud assembly's folder, or template files given. */

/**
 * Every stack template of a cloud assembly, those of nested assemblies (a `cdk.Stage` per
 * environment) included, each named as CloudFormation names the stack (other stacks' references
 * to its outputs use that name).
 */
export function templatesIn(outdir: string): StackTemplate[] {
  const assembly = readAssembly(outdir)
  return assembly
    ? assembledStacks(assembly).map(({ stackName, template, region }) => ({
        stackName,
        template,
        region,
      }))
    : []
}

/**
 * The templates in the given files and cloud assembly folders; a file that is not one is a
 * misuse.
 */
export function readTemplates(files: readonly string[]): StackTemplate[] {
  return files.flatMap((file) => {
    if (isFolder(file)) {
      // A cloud assembly (cdk.out, or one stage's cdk.out/assembly-NAME): every stack in it.
      const stacks = templatesIn(file)
      if (stacks.length > 0) return stacks
      throw new UsageProblem(`--template ${file}: a folder with no synthesised stacks in it`)
    }
    let template: unknown
    try {
      template = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'no such file'
          : (error as NodeJS.ErrnoException).code
            ? `cannot be read (${(error as NodeJS.ErrnoException).code})`
            : 'not JSON'
      throw new UsageProblem(`--template ${file}: ${reason}`)
    }
    const resources = (template as { Resources?: unknown } | null)?.Resources
    if (typeof resources !== 'object' || resources === null || Array.isArray(resources)) {
      throw new UsageProblem(`--template ${file}: not a CloudFormation template (no Resources)`)
    }
    // Named as CloudFormation names the stack when the cloud assembly's manifest is beside it,
    // so references between the given templates can be followed.
    const assembly = readAssembly(dirname(file))
    const artifact = (assembly ? assembledStacks(assembly) : []).find(
      (candidate) => candidate.templateFile === resolve(file),
    )
    return {
      stackName: artifact?.stackName ?? basename(file).replace(/\.template\.json$/, ''),
      ...(artifact && { region: artifact.region }),
      template: template as StackTemplate['template'],
    }
  })
}
