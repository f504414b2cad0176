import type { Metrics } from '@aws-lambda-powertools/metrics'
import { MetricUnit } from '@aws-lambda-powertools/metrics'
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod/mini'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { canaryMetrics, syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import { type Env, readEnvironment } from '../environment.ts'
import { jsonLogger, type Logger } from '../log.ts'
import {
  type CanaryOptions,
  type CanaryResult,
  type CanaryView,
  canaryReadableAttributes,
  formatCanaryResult,
  runCanary,
} from './check.ts'

const canaryEnvSchema = z.object({
  SITE_URL: z.url({ protocol: /^https?$/, error: 'SITE_URL must be the site’s http(s) URL' }),
  ENQUIRIES_TABLE: z
    .string({ error: 'ENQUIRIES_TABLE is required' })
    .check(z.trim(), z.minLength(1)),
  [syntheticEnquiry.env]: z
    .string({ error: `${syntheticEnquiry.env} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${syntheticEnquiry.env} is empty: deploy again (the stack generates it)`),
    ),
})

export interface CanaryConfig {
  readonly siteUrl: string
  readonly tableName: string
  readonly key: string
}

/** Reads and checks the canary's environment once, at cold start; throws naming what is wrong. */
export function loadCanaryConfig(env: Env): CanaryConfig {
  const parsed = readEnvironment(canaryEnvSchema, env, 'canary configuration')
  return {
    siteUrl: parsed.SITE_URL,
    tableName: parsed.ENQUIRIES_TABLE,
    key: parsed[syntheticEnquiry.env] as string,
  }
}

/**
 * An enquiry's status fields, read consistently, and nothing else: the canary's role may read
 * only these attributes (infra/constructs/canary.ts), so it never sees a visitor's details.
 */
export function enquiryStatusReader(
  client: DynamoDBDocumentClient,
  tableName: string,
): CanaryOptions['readEnquiry'] {
  const names = Object.fromEntries(canaryReadableAttributes.map((name, i) => [`#a${i}`, name]))
  return async (id, signal) => {
    const { Item } = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: { [enquiryTable.partitionKey]: id },
        ConsistentRead: true,
        ProjectionExpression: Object.keys(names).join(', '),
        ExpressionAttributeNames: names,
      }),
      { abortSignal: signal },
    )
    return Item as CanaryView | undefined
  }
}

export interface CanaryHandlerDependencies {
  readonly config: CanaryConfig
  readonly documentClient: DynamoDBDocumentClient
  readonly metrics: Metrics
  readonly log?: Logger
  /** Overrides for the check (time limits, a fetch), for tests. */
  readonly options?: Partial<CanaryOptions>
  /** Where the run's summary goes. @default console.info */
  readonly writeLine?: (text: string) => void
}

/**
 * The scheduled canary: one run of the check, a log line per step, and `CanaryFailed` (1 or 0)
 * for its alarm. It never throws for a failed step: a failure is a metric, not a retry.
 */
export function createCanaryHandler(deps: CanaryHandlerDependencies) {
  const log = deps.log ?? jsonLogger
  const writeLine = deps.writeLine ?? console.info
  return async (): Promise<CanaryResult> => {
    let result: CanaryResult
    try {
      result = await runCanary({
        siteUrl: deps.config.siteUrl,
        key: deps.config.key,
        readEnquiry: enquiryStatusReader(deps.documentClient, deps.config.tableName),
        ...deps.options,
      })
    } catch (error) {
      // runCanary reports its steps' failures itself; this is a fault of the canary's own.
      result = {
        passed: false,
        steps: [{ step: 'home page', status: 'fail', ms: 0, detail: String(error) }],
      }
    }
    for (const step of result.steps) {
      log({
        level: step.status === 'fail' ? 'error' : 'info',
        event: `canary_${step.step.replaceAll(' ', '_')}_${step.status}`,
        elapsedMsCount: step.ms,
        ...(result.enquiryId && { enquiryId: result.enquiryId }),
      })
    }
    // The steps' own words (the canary's, never a visitor's): what ops read first in the log.
    writeLine(formatCanaryResult(result))
    deps.metrics.addMetric(canaryMetrics.failed, MetricUnit.Count, result.passed ? 0 : 1)
    deps.metrics.publishStoredMetrics()
    return result
  }
}
