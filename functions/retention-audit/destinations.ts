import type { Add } from './finding.ts'
import type { Cfn, ResourcePool } from './template-pool.ts'

/**
 * Where events are sent on: a function's failed (or finished) events, a stream mapping's failed
 * batches, a rule's or a schedule's targets. A queue of these stacks is audited as a queue
 * (queues.ts); anything else (a bucket, a topic, another function, a log group, or anything
 * outside the stacks) keeps what it is sent where this audit does not follow: a FAIL, named.
 */
export function auditEventDestinations(pool: ResourcePool, add: Add) {
  const queues = new Set(pool.ofType('AWS::SQS::Queue').map((queue) => queue.key))
  const place = (value: Cfn, from: string) => {
    const target = pool.target(value, from)
    return target && pool.has(target) ? target : undefined
  }
  const description = (config: { key: string; props: Cfn }) => {
    const fn = pool.target(config.props.FunctionName, config.key)
    const found = pool.ofType('AWS::Lambda::Function').find((f) => f.key === fn)
    return found?.props.Description ?? fn ?? config.key
  }
  const onward = (what: string, destination: Cfn, from: string, holds: string) => {
    if (destination === undefined) return
    const target = place(destination, from)
    if (target && queues.has(target)) return
    add(
      'fail',
      `${what} → ${target ?? JSON.stringify(destination)}`,
      `${holds} go to ${target ? `${pool.all.find((r) => r.key === target)?.type} ${target}, which is not a queue the audit holds to a retention` : 'a destination outside these stacks, whose retention nobody checks'}`,
    )
  }
  for (const config of pool.ofType('AWS::Lambda::EventInvokeConfig')) {
    const destinations = config.props.DestinationConfig ?? {}
    onward(
      `Failure destination of ${description(config)}`,
      destinations.OnFailure?.Destination,
      config.key,
      'the events it failed on, whole',
    )
    onward(
      `Success destination of ${description(config)}`,
      destinations.OnSuccess?.Destination,
      config.key,
      'every event it handled, whole, with its answer,',
    )
  }
  for (const mapping of pool.ofType('AWS::Lambda::EventSourceMapping')) {
    onward(
      `Failure destination of the mapping ${mapping.key} to ${description(mapping)}`,
      mapping.props.DestinationConfig?.OnFailure?.Destination,
      mapping.key,
      'its failed batches (to S3: the records themselves, whole enquiries)',
    )
  }
  for (const fn of pool.ofType('AWS::Lambda::Function')) {
    onward(
      `Dead-letter queue of ${fn.props.Description ?? fn.key}`,
      fn.props.DeadLetterConfig?.TargetArn,
      fn.key,
      'the events it failed on, whole,',
    )
  }
  for (const rule of pool.ofType('AWS::Events::Rule')) {
    for (const target of (rule.props.Targets ?? []) as Cfn[]) {
      if (!place(target.Arn, rule.key)) {
        add(
          'fail',
          `EventBridge rule ${rule.key} → ${JSON.stringify(target.Arn)}`,
          'sends the events it matches to a target outside these stacks (another account, a log group, a bus), whose retention nobody checks',
        )
      }
    }
  }
  for (const schedule of pool.ofType('AWS::Scheduler::Schedule')) {
    const arn = schedule.props.Target?.Arn
    if (arn !== undefined && !place(arn, schedule.key)) {
      add(
        'fail',
        `EventBridge schedule ${schedule.key} → ${JSON.stringify(arn)}`,
        'invokes a target outside these stacks, whose retention nobody checks',
      )
    }
  }
}
