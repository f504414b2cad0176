import {
  CloudFormationClient,
  DescribeStacksCommand,
  paginateListStackResources,
  type Stack,
} from '@aws-sdk/client-cloudformation'
import { isNotFound, type TimeBudget } from './checks.ts'

/**
 * The AWS clients of one run of an ops command: one per service and region, made when first
 * needed, with the credentials of the SDK's default chain (AWS_PROFILE, SSO, environment), few
 * attempts (the run's time budget bounds each call) and closed together at the end.
 */
export class AwsAccount {
  private readonly clients = new Map<string, { destroy(): void }>()

  readonly budget: TimeBudget

  constructor(budget: TimeBudget) {
    this.budget = budget
  }

  client<Client extends { destroy(): void }>(
    Service: new (config: { region: string; maxAttempts: number }) => Client,
    region: string,
  ): Client {
    const key = `${Service.name}@${region}`
    let client = this.clients.get(key) as Client | undefined
    if (!client) {
      client = new Service({ region, maxAttempts: 2 })
      this.clients.set(key, client)
    }
    return client
  }

  /** A stack as DescribeStacks tells it, or undefined when there is none of that name. */
  async stack(region: string, stackName: string): Promise<Stack | undefined> {
    const cfn = this.client(CloudFormationClient, region)
    try {
      const { Stacks } = await this.budget.ask((abortSignal) =>
        cfn.send(new DescribeStacksCommand({ StackName: stackName }), { abortSignal }),
      )
      return Stacks?.[0]
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
  }

  /**
   * The physical ids of a stack's resources of the given types, from one listing, in the order of
   * `types`; none when the stack does not exist.
   */
  async stackResourceIds(
    region: string,
    stackName: string,
    types: readonly string[],
  ): Promise<string[]> {
    const cfn = this.client(CloudFormationClient, region)
    const ids = types.map((): string[] => [])
    try {
      await this.budget.ask(async (abortSignal) => {
        for await (const page of paginateListStackResources(
          { client: cfn },
          { StackName: stackName },
        )) {
          if (abortSignal.aborted) break
          for (const resource of page.StackResourceSummaries ?? []) {
            const at = types.indexOf(resource.ResourceType ?? '')
            if (at >= 0 && resource.PhysicalResourceId) ids[at]?.push(resource.PhysicalResourceId)
          }
        }
      })
    } catch (error) {
      if (isNotFound(error)) return []
      throw error
    }
    return ids.flat()
  }

  close(): void {
    for (const client of this.clients.values()) client.destroy()
    this.clients.clear()
  }
}

/** A stack's outputs by key. */
export const outputsOf = (stack: Stack | undefined): Record<string, string> =>
  Object.fromEntries(
    (stack?.Outputs ?? []).flatMap((output) =>
      output.OutputKey && output.OutputValue !== undefined
        ? [[output.OutputKey, output.OutputValue]]
        : [],
    ),
  )
