import { ApiGatewayV2Client, GetStageCommand } from '@aws-sdk/client-apigatewayv2'
import { CloudWatchLogsClient, DescribeLogGroupsCommand } from '@aws-sdk/client-cloudwatch-logs'
import { GetFunctionConfigurationCommand, LambdaClient } from '@aws-sdk/client-lambda'
import { days, type Finding } from '../finding.ts'
import type { RetentionPolicy } from '../policy.ts'
import { resourcePool } from '../template-pool.ts'
import type { LiveAws } from './calls.ts'
import { type DeployedStack, failedCall, physicalIdOf } from './stacks.ts'

/** A log group some part of the stage writes, and what writes it. */
interface Group {
  readonly name: string
  readonly region: string
  readonly writers: string[]
}

/** A log group's name from its ARN (`arn:aws:logs:REGION:ACCOUNT:log-group:NAME[:*]`). */
const nameInArn = (arn: string) => /:log-group:([^:]+)/.exec(arn)?.[1]

/**
 * Every log group the stage's functions and API write, found from the account: each deployed
 * function's logging configuration as Lambda has it (and its default `/aws/lambda/NAME` group,
 * which exists if it ever logged there), the API stage's access-log destination as API Gateway
 * has it, every log group resource of the stacks, and every group named after a stack. Each is
 * held to the log limit; a group without retention keeps its logs for ever.
 */
export async function auditLiveLogGroups(
  aws: LiveAws,
  stacks: readonly DeployedStack[],
  policy: RetentionPolicy,
): Promise<Finding[]> {
  const findings: Finding[] = []
  const groups = new Map<string, Group>()
  const add = (region: string, name: string | undefined, writer: string) => {
    if (!name) return
    const key = `${region}:${name}`
    const group = groups.get(key) ?? { name, region, writers: [] }
    if (!group.writers.includes(writer)) group.writers.push(writer)
    groups.set(key, group)
  }
  const pool = resourcePool(stacks)
  const physical = (key: string | undefined) => physicalIdOf(stacks, key)

  for (const fn of pool.ofType('AWS::Lambda::Function')) {
    const name = physical(fn.key)
    if (!name) continue
    const region = fn.region ?? ''
    try {
      const config = await aws.calls.send('lambda:GetFunctionConfiguration', (abortSignal) =>
        aws
          .client(LambdaClient, region)
          .send(new GetFunctionConfigurationCommand({ FunctionName: name }), { abortSignal }),
      )
      const writer = `function ${name}${config.Description ? ` (${config.Description})` : ''}`
      add(region, config.LoggingConfig?.LogGroup ?? `/aws/lambda/${name}`, writer)
      add(region, `/aws/lambda/${name}`, `function ${name}, its default group`)
    } catch (error) {
      findings.push(failedCall(`Logging of function ${name} (${region})`, error))
    }
  }
  for (const stage of pool.ofType('AWS::ApiGatewayV2::Stage')) {
    const apiId = physical(pool.target(stage.props.ApiId, stage.key))
    const stageName = physical(stage.key) ?? stage.props.StageName
    if (!apiId || !stageName) continue
    const region = stage.region ?? ''
    try {
      const { AccessLogSettings } = await aws.calls.send('apigateway:GET', (abortSignal) =>
        aws
          .client(ApiGatewayV2Client, region)
          .send(new GetStageCommand({ ApiId: apiId, StageName: stageName }), { abortSignal }),
      )
      const destination = AccessLogSettings?.DestinationArn
      if (destination) add(region, nameInArn(destination), `access logs of API ${apiId}`)
      else {
        findings.push({
          status: 'info',
          place: `Access logs of API ${apiId} (${region})`,
          detail: 'the API stage writes no access logs',
        })
      }
    } catch (error) {
      findings.push(failedCall(`Access logs of API ${apiId} (${region})`, error))
    }
  }
  for (const group of pool.ofType('AWS::Logs::LogGroup')) {
    add(group.region ?? '', physical(group.key), `log group resource ${group.key}`)
  }

  // What exists: the groups above, and any group named after one of the stacks.
  const existing = new Map<string, number | undefined>()
  const describe = async (region: string, prefix: string) => {
    let nextToken: string | undefined
    do {
      const page = await aws.calls.send('logs:DescribeLogGroups', (abortSignal) =>
        aws
          .client(CloudWatchLogsClient, region)
          .send(new DescribeLogGroupsCommand({ logGroupNamePrefix: prefix, nextToken }), {
            abortSignal,
          }),
      )
      for (const group of page.logGroups ?? []) {
        if (group.logGroupName)
          existing.set(`${region}:${group.logGroupName}`, group.retentionInDays)
      }
      nextToken = page.nextToken
    } while (nextToken)
  }
  const prefixes = new Set<string>()
  for (const stack of stacks) {
    prefixes.add(`${stack.region}\n/aws/lambda/${stack.stackName}`)
    prefixes.add(`${stack.region}\n${stack.stackName}`)
  }
  for (const group of groups.values()) prefixes.add(`${group.region}\n${group.name}`)
  const unreadable = new Set<string>()
  for (const entry of prefixes) {
    const [region, prefix] = entry.split('\n') as [string, string]
    try {
      await describe(region, prefix)
    } catch (error) {
      unreadable.add(`${region}:${prefix}`)
      findings.push(failedCall(`Log groups named ${prefix}… (${region})`, error))
    }
  }
  for (const key of existing.keys()) {
    if (!groups.has(key)) {
      const [region, ...rest] = key.split(':')
      add(region as string, rest.join(':'), 'a writer named after a stack of the stage')
    }
  }

  for (const [key, group] of groups) {
    const place = `Log group ${group.name} (${group.region})`
    if (unreadable.has(key)) continue
    if (!existing.has(key)) {
      findings.push({
        status: 'info',
        place,
        detail: `written by ${group.writers.join('; ')}: not created (nothing logged there yet)`,
      })
      continue
    }
    const retention = existing.get(key)
    findings.push({
      status: retention !== undefined && retention <= policy.logDaysMax ? 'pass' : 'fail',
      place,
      detail: `written by ${group.writers.join('; ')}: ${retention === undefined ? 'kept for ever (no retention set)' : days(retention)} (limit ${days(policy.logDaysMax)})`,
    })
  }
  return findings
}
