import { type Add, days } from './finding.ts'
import type { RetentionPolicy } from './policy.ts'
import type { ResourcePool } from './template-pool.ts'

/** How long SQS keeps a message when a queue names no retention. */
const DEFAULT_SQS_RETENTION_SECONDS = 4 * 24 * 3600

/**
 * SQS: a queue that is a function's on-failure destination holds the events that function could
 * not process (for delivery events, what SES reported of an enquiry e-mail, its subject
 * included); any other queue is unexplained.
 */
export function auditQueues(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  // Asynchronous invocations (EventInvokeConfig) and stream or queue triggers
  // (EventSourceMapping) both name their on-failure destination the same way.
  const configs = pool.ofType('AWS::Lambda::EventInvokeConfig', 'AWS::Lambda::EventSourceMapping')
  const functions = pool.ofType('AWS::Lambda::Function')
  for (const queue of pool.ofType('AWS::SQS::Queue')) {
    const failing = configs
      .filter((config) =>
        pool.pointsAt(
          config.props.DestinationConfig?.OnFailure?.Destination,
          config.key,
          queue.key,
        ),
      )
      .map((config) => {
        const fn = functions.find((f) =>
          pool.pointsAt(config.props.FunctionName, config.key, f.key),
        )
        return fn?.props.Description ?? config.key
      })
    if (failing.length === 0) {
      add(
        'fail',
        `SQS queue ${queue.key}`,
        'a queue the audit cannot place (no function sends it the events it failed on): state what it holds and its retention',
      )
      continue
    }
    const seconds = Number(queue.props.MessageRetentionPeriod ?? DEFAULT_SQS_RETENTION_SECONDS)
    const kept = Math.ceil(seconds / 86_400)
    add(
      kept <= policy.failedEventDaysMax ? 'pass' : 'fail',
      `SQS queue ${queue.key} (failed events)`,
      `events that failed every try of: ${failing.join('; ')} (SES's reports of enquiry e-mails, subjects with names and companies): deleted after ${days(kept)} (limit ${days(policy.failedEventDaysMax)})`,
    )
  }
}
