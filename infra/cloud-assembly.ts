import { resolve } from 'node:path'
import {
  CloudAssembly,
  CloudFormationStackArtifact,
  NestedCloudAssemblyArtifact,
} from 'aws-cdk-lib/cx-api'

/** A synthesised stack as the cloud assembly describes it. */
export interface AssembledStack {
  /** The name CloudFormation knows it by (other stacks' references use it). */
  readonly stackName: string
  /** Its construct path, e.g. `prod/Site`. */
  readonly displayName: string
  /** `aws://ACCOUNT/REGION`. */
  readonly environment: string
  readonly region: string
  readonly account: string
  readonly terminationProtection: boolean
  /** The stack ids (artifact ids) it depends on. */
  readonly dependencies: readonly string[]
  readonly artifactId: string
  /** The template file's absolute path. */
  readonly templateFile: string
  // biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
  readonly template: any
}

/** The cloud assembly in `folder` (cdk.out, or one stage's assembly-NAME), if one reads there. */
export function readAssembly(folder: string): CloudAssembly | undefined {
  try {
    return new CloudAssembly(folder)
  } catch {
    return undefined
  }
}

/**
 * Every stack of a cloud assembly, those of nested assemblies (a `cdk.Stage` per environment)
 * included, in the order the manifest lists them (a report reads in the order the app defines
 * them). Read with the CDK's own reader rather than by parsing manifest.json, so a change of the
 * manifest's schema is the CDK's business.
 */
export function assembledStacks(assembly: CloudAssembly): AssembledStack[] {
  // The reader sorts its artifacts by dependency; the manifest keeps the app's order.
  const ids = Object.keys(assembly.manifest.artifacts ?? {})
  return ids.flatMap((id) => {
    const artifact = assembly.tryGetArtifact(id)
    if (artifact instanceof NestedCloudAssemblyArtifact) {
      return assembledStacks(artifact.nestedAssembly)
    }
    return artifact instanceof CloudFormationStackArtifact ? [describe(artifact)] : []
  })
}

function describe(artifact: CloudFormationStackArtifact): AssembledStack {
  return {
    stackName: artifact.stackName,
    displayName: artifact.displayName,
    environment: `aws://${artifact.environment.account}/${artifact.environment.region}`,
    region: artifact.environment.region,
    account: artifact.environment.account,
    terminationProtection: artifact.terminationProtection ?? false,
    dependencies: artifact.dependencies.map((dependency) => dependency.id),
    artifactId: artifact.id,
    templateFile: resolve(artifact.templateFullPath),
    template: artifact.template,
  }
}
