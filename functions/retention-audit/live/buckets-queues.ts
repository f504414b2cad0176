import {
  GetBucketLifecycleConfigurationCommand,
  GetBucketReplicationCommand,
  GetBucketVersioningCommand,
  GetObjectLockConfigurationCommand,
  type LifecycleRule,
  S3Client,
} from '@aws-sdk/client-s3'
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs'
import { accessLogFinding, bucketRoles } from '../buckets.ts'
import { days, type Finding } from '../finding.ts'
import type { RetentionPolicy } from '../policy.ts'
import { resourcePool } from '../template-pool.ts'
import { CallFailed, type LiveAws } from './calls.ts'
import { type DeployedStack, failedCall, physicalIdOf } from './stacks.ts'

/** An S3 "there is none" answer: no lifecycle, no replication, no lock. */
const none = (error: unknown) => error instanceof CallFailed && error.kind === 'not found'

/**
 * The buckets as S3 has them: each access-log bucket's lifecycle (and versioning), the evidence
 * bucket's Object Lock, and any bucket's replication to a bucket outside the stage.
 */
export async function auditLiveBuckets(
  aws: LiveAws,
  stacks: readonly DeployedStack[],
  policy: RetentionPolicy,
): Promise<Finding[]> {
  const findings: Finding[] = []
  const pool = resourcePool(stacks)
  const roles = bucketRoles(pool)
  const located = pool.ofType('AWS::S3::Bucket').flatMap((bucket) => {
    const name = physicalIdOf(stacks, bucket.key)
    return name && bucket.region ? [{ key: bucket.key, name, region: bucket.region }] : []
  })
  const names = new Set(located.map((bucket) => bucket.name))
  for (const { key, name, region } of located) {
    const s3 = aws.client(S3Client, region)
    const role = roles.get(key)
    const check = async (place: string, run: () => Promise<Finding | undefined>) => {
      try {
        const finding = await run()
        if (finding) findings.push(finding)
      } catch (error) {
        findings.push(failedCall(place, error))
      }
    }
    if (role?.role === 'access-logs') {
      await check(`S3 bucket ${name} (access logs)`, async () => {
        let rules: LifecycleRule[] = []
        try {
          rules =
            (
              await aws.calls.send('s3:GetLifecycleConfiguration', (abortSignal) =>
                s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: name }), {
                  abortSignal,
                }),
              )
            ).Rules ?? []
        } catch (error) {
          if (!none(error)) throw error
        }
        const { Status } = await aws.calls.send('s3:GetBucketVersioning', (abortSignal) =>
          s3.send(new GetBucketVersioningCommand({ Bucket: name }), { abortSignal }),
        )
        const whole = rules.filter(
          (rule) =>
            rule.Status === 'Enabled' &&
            rule.Expiration?.Days !== undefined &&
            !rule.Prefix &&
            !rule.Filter?.Prefix &&
            !rule.Filter?.Tag &&
            !rule.Filter?.And &&
            rule.Filter?.ObjectSizeGreaterThan === undefined,
        )
        const [status, place, detail] = accessLogFinding(
          name,
          role.writers,
          {
            expiry: Math.min(...whole.map((rule) => Number(rule.Expiration?.Days))),
            versioned: Status === 'Enabled',
            noncurrent: whole.some((rule) => rule.NoncurrentVersionExpiration?.NoncurrentDays),
          },
          policy,
        )
        return { status, place, detail }
      })
    }
    if (role?.role === 'evidence') {
      await check(`S3 bucket ${name} (Object Lock)`, async () => {
        let lock: { Mode?: string; Days?: number; Years?: number } | undefined
        try {
          const { ObjectLockConfiguration } = await aws.calls.send(
            's3:GetBucketObjectLockConfiguration',
            (abortSignal) =>
              s3.send(new GetObjectLockConfigurationCommand({ Bucket: name }), { abortSignal }),
          )
          lock = ObjectLockConfiguration?.Rule?.DefaultRetention
        } catch (error) {
          if (!none(error)) throw error
        }
        const compliant = lock?.Mode === 'COMPLIANCE'
        return {
          status: compliant ? 'pass' : 'fail',
          place: `S3 bucket ${name} (retention evidence, Object Lock)`,
          detail: lock
            ? `${lock.Mode} retention of ${lock.Years ? `${lock.Years} years` : days(lock.Days ?? 0)}${compliant ? ': no report can be changed or deleted before then' : ': a privileged user could delete a report early'}`
            : 'no default Object Lock retention: a report could be changed or deleted',
        }
      })
    }
    await check(`S3 bucket ${name} (replication)`, async () => {
      try {
        const { ReplicationConfiguration } = await aws.calls.send(
          's3:GetReplicationConfiguration',
          (abortSignal) =>
            s3.send(new GetBucketReplicationCommand({ Bucket: name }), { abortSignal }),
        )
        const outside = (ReplicationConfiguration?.Rules ?? [])
          .filter((rule) => rule.Status === 'Enabled')
          .map((rule) => String(rule.Destination?.Bucket).replace(/^arn:aws:s3:::/, ''))
          .filter((destination) => !names.has(destination))
        return outside.length === 0
          ? undefined
          : {
              status: 'fail',
              place: `S3 bucket ${name} (replication)`,
              detail: `objects are copied to ${outside.join(', ')}, outside the stage, whose retention nobody checks`,
            }
      } catch (error) {
        if (none(error)) return undefined
        throw error
      }
    })
  }
  return findings
}

/** The queues as SQS has them: how long each keeps a message. */
export async function auditLiveQueues(
  aws: LiveAws,
  stacks: readonly DeployedStack[],
  policy: RetentionPolicy,
): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const stack of stacks) {
    for (const [id, resource] of Object.entries(stack.template.Resources ?? {})) {
      const url = stack.physicalIds.get(id)
      if (resource?.Type !== 'AWS::SQS::Queue' || !url) continue
      const place = `SQS queue ${url.replace(/^.*\//, '')} (${stack.region})`
      try {
        const { Attributes } = await aws.calls.send('sqs:GetQueueAttributes', (abortSignal) =>
          aws.client(SQSClient, stack.region).send(
            new GetQueueAttributesCommand({
              QueueUrl: url,
              AttributeNames: ['MessageRetentionPeriod'],
            }),
            { abortSignal },
          ),
        )
        const kept = Math.ceil(Number(Attributes?.MessageRetentionPeriod) / 86_400)
        findings.push({
          status: kept <= policy.failedEventDaysMax ? 'pass' : 'fail',
          place,
          detail: `keeps each message ${days(kept)} (limit ${days(policy.failedEventDaysMax)}, as events kept for ops)`,
        })
      } catch (error) {
        findings.push(failedCall(place, error))
      }
    }
  }
  return findings
}
