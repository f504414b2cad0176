import type { Metrics } from '@aws-lambda-powertools/metrics'
import { type AwsClients, createAwsClients } from './aws-clients.ts'
import { type FunctionConfig, loadFunctionConfig } from './config.ts'
import { createLogger, type Logger } from './log.ts'
import { createMetrics, type MetricsService } from './metrics.ts'

/**
 * What a test gives a handler in place of what ships: where its lines go, where it counts, and
 * its clock. Left out: the local stack's logger, nothing counted, the real time.
 */
export interface LogMetricsAndClock {
  readonly log?: Logger
  /** Powertools metrics, flushed once per invocation; without them, none are recorded. */
  readonly metrics?: Metrics | undefined
  readonly now?: () => Date
}

/** What a function off the visitor's wait (a schedule's, the table stream's) is built from. */
export interface FunctionDependencies extends LogMetricsAndClock {
  readonly config: FunctionConfig
  readonly clients: AwsClients
}

/**
 * A scheduled or stream function's dependencies as it ships, built once at cold start: its
 * configuration from the environment (a bad variable fails the init, naming itself), the AWS
 * clients of the functions off the visitor's wait, and its logger and metrics under its name.
 * `logService` where its log lines carry another name than its metrics (the digest's say
 * `attention-digest`): kept, so whatever reads its logs by service still finds them.
 */
export function dependenciesOf(
  service: MetricsService,
  logService: string = service,
): FunctionDependencies {
  const config = loadFunctionConfig(process.env)
  return {
    config,
    clients: createAwsClients(config),
    log: createLogger(logService),
    metrics: createMetrics(service),
  }
}
