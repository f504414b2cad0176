import type { Metrics } from '@aws-lambda-powertools/metrics'
import { MetricUnit } from '@aws-lambda-powertools/metrics'
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import type { SESClient } from '@aws-sdk/client-ses'
import * as z from 'zod/mini'
import { type Env, email, readEnvironment, required } from '../environment.ts'
import { errorName, jsonLogger, type Logger } from '../log.ts'
import { evidenceBucketEnv } from '../retention-audit/buckets.ts'
import { callsWithin, type LiveAws, liveAws } from '../retention-audit/live/calls.ts'
import { runLiveCheck } from '../retention-audit/live/live-check.ts'
import type { StackLocation } from '../retention-audit/live/stacks.ts'
import { auditStacksEnv, RETENTION_FAILURES_METRIC } from './contract.ts'
import { type EvidenceStore, writeEvidence } from './evidence.ts'

/** The check's calls are over by then, inside the function's 15-minute limit. */
export const EVIDENCE_CHECK_BUDGET_MS = 12 * 60_000

const envSchema = z.object({
  STAGE: required('STAGE'),
  SENDER_EMAIL: email('SENDER_EMAIL'),
  AUDIT_EMAIL: email('AUDIT_EMAIL'),
  AWS_REGION: required('AWS_REGION'),
  [evidenceBucketEnv]: required(evidenceBucketEnv),
  [auditStacksEnv]: required(auditStacksEnv),
})

export interface EvidenceConfig {
  readonly stage: string
  readonly senderEmail: string
  readonly auditEmail: string
  readonly region: string
  readonly bucket: string
  readonly stacks: readonly StackLocation[]
}

/** The function's environment, as the stack sets it; throws naming what is missing. */
export function loadEvidenceConfig(env: Env): EvidenceConfig {
  const e = readEnvironment(envSchema, env, 'retention evidence configuration')
  return {
    stage: e.STAGE,
    senderEmail: e.SENDER_EMAIL,
    auditEmail: e.AUDIT_EMAIL,
    region: e.AWS_REGION,
    bucket: e[evidenceBucketEnv],
    stacks: JSON.parse(e[auditStacksEnv]) as StackLocation[],
  }
}

/** Reports in the evidence bucket; its default Object Lock retention applies to each. */
export function s3EvidenceStore(s3: S3Client, bucket: string): EvidenceStore {
  return {
    async put(key, body, contentType) {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          // Object Lock requires an integrity checksum; SHA-256 is also what the e-mail quotes.
          ChecksumAlgorithm: 'SHA256',
        }),
      )
      return `s3://${bucket}/${key}`
    },
  }
}

export interface EvidenceHandlerDependencies {
  readonly config: EvidenceConfig
  readonly ses: SESClient
  readonly s3: S3Client
  readonly metrics?: Metrics
  readonly log?: Logger
  /** The AWS the check reads (tests give one whose clients are mocked). */
  readonly aws?: (budgetMs: number) => LiveAws & { close(): void }
}

/**
 * The monthly retention evidence, run by its schedule: the live check of the stage, its report
 * written to the locked bucket and e-mailed to the auditor, its FAIL count as a metric. A run
 * that cannot write or send throws: the function's errors raise the same alarm.
 */
export function createEvidenceHandler(deps: EvidenceHandlerDependencies) {
  const log = deps.log ?? jsonLogger
  return async (_event?: unknown) => {
    const aws = (deps.aws ?? ((ms) => liveAws(callsWithin(ms))))(EVIDENCE_CHECK_BUDGET_MS)
    try {
      const outcome = await writeEvidence({
        check: () => runLiveCheck(aws, { stage: deps.config.stage, stacks: deps.config.stacks }),
        store: s3EvidenceStore(deps.s3, deps.config.bucket),
        ses: deps.ses,
        senderEmail: deps.config.senderEmail,
        auditEmail: deps.config.auditEmail,
        recordFailures: (failures) =>
          deps.metrics?.addMetric(RETENTION_FAILURES_METRIC, MetricUnit.Count, failures),
        signal: AbortSignal.timeout(30_000),
      })
      log({
        level: outcome.failures > 0 ? 'warn' : 'info',
        event: 'retention_evidence_written',
        failuresCount: outcome.failures,
      })
      return outcome
    } catch (error) {
      log({ level: 'error', event: 'retention_evidence_failed', errorName: errorName(error) })
      throw error
    } finally {
      aws.close()
      deps.metrics?.publishStoredMetrics()
    }
  }
}
