import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Duration, RemovalPolicy } from 'aws-cdk-lib'
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import {
  Architecture,
  type IFunction,
  Function as LambdaFunction,
  Runtime,
} from 'aws-cdk-lib/aws-lambda'
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs'
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { Construct } from 'constructs'
import { cdkBundling } from '../lambda-bundling.ts'

/** The repository's functions/ folder: where each function's `handler.ts` is bundled from. */
const repoFunctions = fileURLToPath(new URL('../../functions/', import.meta.url))

/**
 * The entry of the function in folder `name`: under `functionsDirectory` when a test bundles a
 * copy of the functions, else the repository's own.
 */
export function handlerEntry(name: string, functionsDirectory: string = repoFunctions): string {
  return join(functionsDirectory, name, 'handler.ts')
}

export interface NodeFunctionOptions {
  readonly entry: string
  readonly description: string
  readonly memorySize: number
  readonly timeout: Duration
  readonly environment: Record<string, string>
  readonly retention: RetentionDays
  readonly retryAttempts?: number
  readonly maxEventAge?: Duration
  /** Files copied beside the bundled code: the name there, and the file it is copied from. */
  readonly bundledFiles?: Readonly<Record<string, string>>
}

/**
 * A Lambda function's log group (`${prefix}Logs`, kept `retention`) and a role (`${prefix}Role`)
 * that may write to that log group only, instead of the AWS-managed basic execution policy, which
 * may write to any: every function here runs with one, ours and CDK's own handlers alike.
 */
export function roleWithOwnLogs(
  scope: Construct,
  prefix: string,
  options: {
    readonly description: string
    readonly retention: RetentionDays
    /** @default - the log group's own default (kept when the stack is deleted) */
    readonly removalPolicy?: RemovalPolicy
  },
): { readonly logGroup: LogGroup; readonly role: Role } {
  const logGroup = new LogGroup(scope, `${prefix}Logs`, {
    retention: options.retention,
    ...(options.removalPolicy && { removalPolicy: options.removalPolicy }),
  })
  const role = new Role(scope, `${prefix}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: options.description,
  })
  logGroup.grantWrite(role)
  return { logGroup, role }
}

/**
 * One of the product's functions (Node 24, arm64, bundled as docs/decisions/0006 says) with its
 * own log group and a role that may write to it only (`roleWithOwnLogs`, prefixed `id`).
 */
export function nodeFunction(scope: Construct, id: string, options: NodeFunctionOptions) {
  const { logGroup, role } = roleWithOwnLogs(scope, id, {
    description: `Runs the ${id} function of the agency website`,
    retention: options.retention,
  })
  const fn = new NodejsFunction(scope, `${id}Function`, {
    entry: options.entry,
    handler: 'handler',
    description: options.description,
    runtime: Runtime.NODEJS_24_X,
    architecture: Architecture.ARM_64,
    memorySize: options.memorySize,
    timeout: options.timeout,
    environment: options.environment,
    logGroup,
    role,
    ...(options.retryAttempts !== undefined && { retryAttempts: options.retryAttempts }),
    ...(options.maxEventAge && { maxEventAge: options.maxEventAge }),
    // One definition, shared with bench:api, so the bench measures what ships.
    bundling: { ...cdkBundling(), ...copyAfterBundling(options.bundledFiles) },
  })
  return { fn, logGroup }
}

/**
 * Adds variables to a function's environment after it was made: what a stack knows only once
 * other constructs exist (the site's URL, the agency's time zone for every staff-facing one).
 */
export function addEnvironment(fn: IFunction, environment: Readonly<Record<string, string>>) {
  if (!(fn instanceof LambdaFunction)) {
    throw new Error(
      `${fn.node.path} is not a function this app made: its environment is not ours to change`,
    )
  }
  for (const [name, value] of Object.entries(environment)) fn.addEnvironment(name, value)
}

/** Bundling hooks that copy `files` into the bundle's folder (asset hashes cover them). */
function copyAfterBundling(files: Readonly<Record<string, string>> | undefined) {
  if (!files || Object.keys(files).length === 0) return {}
  const quote = (path: string) => `'${path.replaceAll("'", "'\\''")}'`
  return {
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (_input: string, output: string) =>
        Object.entries(files).map(
          ([name, from]) => `cp ${quote(from)} ${quote(join(output, name))}`,
        ),
    },
  }
}
