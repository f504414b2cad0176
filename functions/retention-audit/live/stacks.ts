import {
  CloudFormationClient,
  DescribeStackDriftDetectionStatusCommand,
  DescribeStackResourceDriftsCommand,
  DescribeStacksCommand,
  DetectStackDriftCommand,
  GetTemplateCommand,
  ListStackResourcesCommand,
} from '@aws-sdk/client-cloudformation'
import type { Finding } from '../finding.ts'
import type { StackTemplate } from '../template-pool.ts'
import { CallFailed, type LiveAws } from './calls.ts'

/** One stack of a stage, where it is deployed. */
export interface StackLocation {
  readonly stackName: string
  readonly region: string
}

/** A stack as CloudFormation has it: the template it deployed, and each resource's physical id. */
export interface DeployedStack extends StackTemplate, StackLocation {
  readonly region: string
  /** Logical id → physical id (a table's name, a bucket's name, a queue's URL…). */
  readonly physicalIds: ReadonlyMap<string, string>
}

/** The physical id of a resource of the pool (`STACK/LOGICAL-ID`), as its deployed stack says. */
export function physicalIdOf(
  stacks: readonly DeployedStack[],
  key: string | undefined,
): string | undefined {
  if (!key) return undefined
  const at = key.lastIndexOf('/')
  return stacks.find((s) => s.stackName === key.slice(0, at))?.physicalIds.get(key.slice(at + 1))
}

/** A call that failed, as the FAIL line of the place it was checking. */
export function failedCall(place: string, error: unknown): Finding {
  const detail =
    error instanceof CallFailed
      ? `${error.message}`
      : `the check could not run: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`
  return { status: 'fail', place, detail }
}

/**
 * Each stack's deployed template and resources. A stack that is not deployed, or cannot be read,
 * is a FAIL: the live state of what it would hold cannot be checked.
 */
export async function readDeployedStacks(
  aws: LiveAws,
  stacks: readonly StackLocation[],
): Promise<{ deployed: DeployedStack[]; findings: Finding[] }> {
  const deployed: DeployedStack[] = []
  const findings: Finding[] = []
  for (const location of stacks) {
    const place = `Stack ${location.stackName} (${location.region})`
    try {
      deployed.push(await readStack(aws, location))
    } catch (error) {
      findings.push(
        error instanceof CallFailed && error.kind === 'not found'
          ? { status: 'fail', place, detail: 'not deployed: the stage has no such stack' }
          : failedCall(place, error),
      )
    }
  }
  return { deployed, findings }
}

async function readStack(aws: LiveAws, location: StackLocation): Promise<DeployedStack> {
  const cfn = aws.client(CloudFormationClient, location.region)
  const StackName = location.stackName
  const { Stacks } = await aws.calls.send('cloudformation:DescribeStacks', (abortSignal) =>
    cfn.send(new DescribeStacksCommand({ StackName }), { abortSignal }),
  )
  if (!Stacks?.[0]) throw new CallFailed('cloudformation:DescribeStacks', 'not found', 'no stack')
  const { TemplateBody } = await aws.calls.send('cloudformation:GetTemplate', (abortSignal) =>
    cfn.send(new GetTemplateCommand({ StackName, TemplateStage: 'Original' }), { abortSignal }),
  )
  let template: StackTemplate['template']
  try {
    template = JSON.parse(TemplateBody ?? '')
  } catch {
    throw new CallFailed('cloudformation:GetTemplate', 'error', 'the template is not JSON')
  }
  const physicalIds = new Map<string, string>()
  let NextToken: string | undefined
  do {
    const page = await aws.calls.send('cloudformation:ListStackResources', (abortSignal) =>
      cfn.send(new ListStackResourcesCommand({ StackName, NextToken }), { abortSignal }),
    )
    for (const resource of page.StackResourceSummaries ?? []) {
      if (resource.LogicalResourceId && resource.PhysicalResourceId) {
        physicalIds.set(resource.LogicalResourceId, resource.PhysicalResourceId)
      }
    }
    NextToken = page.NextToken
  } while (NextToken)
  return { ...location, template, physicalIds }
}

/** How long drift detection of one stack may take, and how often it is asked after. */
export interface DriftTiming {
  readonly limitMs: number
  readonly pollMs: number
}

export const defaultDriftTiming: DriftTiming = { limitMs: 180_000, pollMs: 5_000 }

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Drift: whether what is deployed is still what the stack's template says (a console change at
 * 2 a.m., a retention shortened by hand). CloudFormation compares every resource with its
 * template; a DRIFTED stack names each resource changed or deleted, and is a FAIL.
 */
export async function auditDrift(
  aws: LiveAws,
  stack: StackLocation,
  timing: DriftTiming = defaultDriftTiming,
): Promise<Finding> {
  const place = `Drift of stack ${stack.stackName} (${stack.region})`
  const cfn = aws.client(CloudFormationClient, stack.region)
  const StackName = stack.stackName
  try {
    const { StackDriftDetectionId } = await aws.calls.send(
      'cloudformation:DetectStackDrift',
      (abortSignal) => cfn.send(new DetectStackDriftCommand({ StackName }), { abortSignal }),
    )
    const giveUpAt = Date.now() + Math.min(timing.limitMs, aws.calls.remainingMs())
    for (;;) {
      const status = await aws.calls.send(
        'cloudformation:DescribeStackDriftDetectionStatus',
        (abortSignal) =>
          cfn.send(new DescribeStackDriftDetectionStatusCommand({ StackDriftDetectionId }), {
            abortSignal,
          }),
      )
      if (status.DetectionStatus === 'DETECTION_FAILED') {
        return {
          status: 'fail',
          place,
          detail: `drift detection failed: ${status.DetectionStatusReason ?? 'no reason given'}`,
        }
      }
      if (status.DetectionStatus === 'DETECTION_COMPLETE') {
        if (status.StackDriftStatus === 'IN_SYNC') {
          return {
            status: 'pass',
            place,
            detail: 'in sync: every resource is as its deployed template says',
          }
        }
        return {
          status: 'fail',
          place,
          detail: `${status.StackDriftStatus}: ${await driftedResources(aws, cfn, StackName)}; what is deployed is not what the template (and this audit of it) says`,
        }
      }
      if (Date.now() + timing.pollMs > giveUpAt) {
        return {
          status: 'fail',
          place,
          detail: `drift detection did not finish within ${Math.round(timing.limitMs / 1000)} s`,
        }
      }
      await pause(timing.pollMs)
    }
  } catch (error) {
    return failedCall(place, error)
  }
}

async function driftedResources(
  aws: LiveAws,
  cfn: CloudFormationClient,
  StackName: string,
): Promise<string> {
  const { StackResourceDrifts = [] } = await aws.calls.send(
    'cloudformation:DescribeStackResourceDrifts',
    (abortSignal) =>
      cfn.send(
        new DescribeStackResourceDriftsCommand({
          StackName,
          StackResourceDriftStatusFilters: ['MODIFIED', 'DELETED'],
        }),
        { abortSignal },
      ),
  )
  if (StackResourceDrifts.length === 0) return 'CloudFormation names no resource'
  return StackResourceDrifts.map((drift) => {
    const paths = (drift.PropertyDifferences ?? []).map((difference) => difference.PropertyPath)
    return `${drift.LogicalResourceId} (${drift.ResourceType}) ${drift.StackResourceDriftStatus}${paths.length ? ` at ${paths.join(', ')}` : ''}`
  }).join('; ')
}
