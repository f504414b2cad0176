import { type Add, days } from './finding.ts'
import type { RetentionPolicy } from './policy.ts'
import type { Cfn, ResourcePool } from './template-pool.ts'

/** How long SQS keeps a message when a queue names no retention. */
const DEFAULT_SQS_RETENTION_SECONDS = 4 * 24 * 3600

/**
 * SQS: each queue described by what actually feeds it. The policy has a line for two feeders: a
 * function that records SES's reports of enquiry e-mails (subscribed to the topic an SES
 * configuration set reports to), whose failed events hold subjects with names and companies; and
 * a DynamoDB stream mapping, whose failure destination receives pointers to the failed batch
 * (shard and sequence numbers), never its records. Both are held to the failed-events limit. A
 * queue fed by anything else holds what no line of the policy covers: a FAIL naming the feeder.
 */
export function auditQueues(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  const functions = pool.ofType('AWS::Lambda::Function')
  const descriptionOf = (key: string | undefined) =>
    functions.find((fn) => fn.key === key)?.props.Description ?? key ?? 'a function'
  // The topics SES reports sending events to, and the functions subscribed to them.
  const sesTopics = new Set(
    pool
      .ofType('AWS::SES::ConfigurationSetEventDestination')
      .map((d) => pool.target(d.props.EventDestination?.SnsDestination?.TopicARN, d.key))
      .filter(Boolean),
  )
  const sesHandlers = new Set(
    pool
      .ofType('AWS::SNS::Subscription')
      .filter(
        (s) => s.props.Protocol === 'lambda' && sesTopics.has(pool.target(s.props.TopicArn, s.key)),
      )
      .map((s) => pool.target(s.props.Endpoint, s.key)),
  )
  const isStream = (arn: Cfn, from: string) =>
    /StreamArn/.test(JSON.stringify(arn)) ||
    pool
      .ofType('AWS::DynamoDB::GlobalTable', 'AWS::DynamoDB::Table')
      .some((t) => pool.pointsAt(arn, from, t.key))
  /** The resources of a type whose failures go to the queue (their on-failure destination). */
  const failingInto = (queueKey: string, type: string) =>
    pool
      .ofType(type)
      .filter((r) =>
        pool.pointsAt(r.props.DestinationConfig?.OnFailure?.Destination, r.key, queueKey),
      )

  for (const queue of pool.ofType('AWS::SQS::Queue')) {
    const feeders: { readonly what: string; readonly covered: boolean }[] = []
    for (const config of failingInto(queue.key, 'AWS::Lambda::EventInvokeConfig')) {
      const fn = pool.target(config.props.FunctionName, config.key)
      feeders.push(
        sesHandlers.has(fn)
          ? {
              what: `SES's reports of enquiry e-mails (subjects with names and companies) that failed in: ${descriptionOf(fn)}`,
              covered: true,
            }
          : { what: `whole events that failed in: ${descriptionOf(fn)}`, covered: false },
      )
    }
    for (const mapping of failingInto(queue.key, 'AWS::Lambda::EventSourceMapping')) {
      const fn = descriptionOf(pool.target(mapping.props.FunctionName, mapping.key))
      feeders.push(
        isStream(mapping.props.EventSourceArn, mapping.key)
          ? {
              what: `pointers to stream batches (shard and sequence numbers, no enquiry data) that failed in: ${fn}`,
              covered: true,
            }
          : { what: `records that failed in: ${fn}`, covered: false },
      )
    }
    for (const fn of functions) {
      if (pool.pointsAt(fn.props.DeadLetterConfig?.TargetArn, fn.key, queue.key)) {
        feeders.push({
          what: `whole events that failed in: ${descriptionOf(fn.key)}`,
          covered: false,
        })
      }
    }
    if (feeders.length === 0) {
      add(
        'fail',
        `SQS queue ${queue.key}`,
        'a queue the audit cannot place (no function sends it the events it failed on): state what it holds and its retention',
      )
      continue
    }
    const seconds = Number(queue.props.MessageRetentionPeriod ?? DEFAULT_SQS_RETENTION_SECONDS)
    const kept = Math.ceil(seconds / 86_400)
    const uncovered = feeders.filter((feeder) => !feeder.covered)
    add(
      uncovered.length === 0 && kept <= policy.failedEventDaysMax ? 'pass' : 'fail',
      `SQS queue ${queue.key} (failed events)`,
      `${feeders.map((feeder) => feeder.what).join('; ')}: deleted after ${days(kept)} (limit ${days(policy.failedEventDaysMax)})${uncovered.length > 0 ? `; no line of the policy covers ${uncovered.map((feeder) => feeder.what).join('; ')}: say what they hold, and add the line` : ''}`,
    )
  }
}
