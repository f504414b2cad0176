import {
  DescribeTableCommand,
  DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb'
import type { Finding } from '../finding.ts'
import { type RetentionPolicy, retentionPolicy } from '../policy.ts'
import { auditTemplates } from '../resources.ts'
import { auditLiveBuckets, auditLiveQueues } from './buckets-queues.ts'
import type { LiveAws } from './calls.ts'
import { auditLiveLogGroups } from './log-groups.ts'
import {
  auditDrift,
  type DriftTiming,
  defaultDriftTiming,
  failedCall,
  readDeployedStacks,
  type StackLocation,
} from './stacks.ts'
import { auditStoredData, type DataFigures, type ScanOptions } from './stored-data.ts'
import { auditLiveTable, type LiveTable, tablesOf } from './table-state.ts'

/**
 * The live retention check: what is deployed and what is stored, read from the account (never
 * from the repository), against the policy. Read-only: every call is a Describe, Get, List or
 * Scan of timestamps (and CloudFormation's drift detection, which only reads); each call is
 * time-limited, and a call that fails is a FAIL naming it, never a crash.
 */

export interface LiveTarget {
  /** The stage (`prod`, `staging`, or `local`). */
  readonly stage: string
  /** Every stack of the stage, where it is deployed. */
  readonly stacks: readonly StackLocation[]
  /**
   * The local stack's table, read with the same code: dynalite emulates neither TTL, backups
   * nor CloudFormation, so only the data is checked there.
   * @default - the tables of the deployed stacks
   */
  readonly localTable?: LiveTable
}

export interface LiveOptions {
  readonly policy?: RetentionPolicy
  readonly now?: Date
  /** @default defaultDriftTiming */
  readonly drift?: DriftTiming
  readonly scan?: ScanOptions
}

export interface LiveSection {
  readonly title: string
  readonly findings: readonly Finding[]
}

export interface LiveReport {
  readonly stage: string
  /** When the check ran, ISO. */
  readonly at: string
  /** Where it read from. */
  readonly source: string
  readonly sections: readonly LiveSection[]
  /** The data's figures, per table. */
  readonly data: readonly ({ readonly table: string } & DataFigures)[]
  /** How long the check took, in ms. */
  readonly tookMs: number
}

export async function runLiveCheck(
  aws: LiveAws,
  target: LiveTarget,
  options: LiveOptions = {},
): Promise<LiveReport> {
  const started = Date.now()
  const policy = options.policy ?? retentionPolicy
  const now = options.now ?? new Date()
  const sections: LiveSection[] = []
  const { deployed, findings: unread } = await readDeployedStacks(aws, target.stacks)
  const tables = target.localTable ? [target.localTable] : tablesOf(deployed)
  // Each table's description as the live state's check read it, for its item count below.
  const described = new Map<LiveTable, TableDescription>()

  if (target.localTable) {
    sections.push({
      title: 'The local stack',
      findings: [
        {
          status: 'info',
          place: `Local table ${target.localTable.name}`,
          detail:
            'dynalite emulates no TTL, backups, logs or CloudFormation: only the stored data is checked here; a deployed stage is checked with --deployed STAGE',
        },
      ],
    })
  } else {
    sections.push({
      title: 'The deployed templates, against the rules the repository is audited with',
      findings: [...unread, ...auditTemplates(deployed, policy)],
    })
    const state: Finding[] = []
    for (const table of tables) {
      const { findings, description } = await auditLiveTable(aws, table, policy, now)
      state.push(...findings)
      if (description) described.set(table, description)
    }
    state.push(
      ...(await auditLiveLogGroups(aws, deployed, policy)),
      ...(await auditLiveBuckets(aws, deployed, policy)),
      ...(await auditLiveQueues(aws, deployed, policy)),
    )
    sections.push({ title: 'The live state of each place data is kept', findings: state })
    // All stacks at once: CloudFormation takes tens of seconds to minutes per stack.
    const drift = await Promise.all(
      deployed.map((stack) => auditDrift(aws, stack, options.drift ?? defaultDriftTiming)),
    )
    sections.push({ title: 'Drift: is what runs what the templates say?', findings: drift })
  }

  const data: LiveReport['data'][number][] = []
  const stored: Finding[] = []
  for (const table of tables) {
    let itemCount = described.get(table)?.ItemCount
    // Asked again only when the live state's check has no description (the local table, or its
    // call failed).
    if (!described.has(table)) {
      try {
        const { Table } = await aws.calls.send('dynamodb:DescribeTable', (abortSignal) =>
          aws
            .client(DynamoDBClient, table.region)
            .send(new DescribeTableCommand({ TableName: table.name }), { abortSignal }),
        )
        itemCount = Table?.ItemCount
      } catch (error) {
        stored.push(failedCall(`Stored enquiries of ${table.name} (${table.region})`, error))
        continue
      }
    }
    const found = await auditStoredData(aws, table, policy, now, {
      ...options.scan,
      ...(itemCount !== undefined && { itemCount }),
      ttlMetric: !target.localTable,
    })
    stored.push(...found.findings)
    data.push({ table: table.name, ...found.figures })
  }
  if (tables.length === 0) {
    stored.push({
      status: 'fail',
      place: `Stored enquiries of stage ${target.stage}`,
      detail: 'no table found in the deployed stacks: the data could not be checked',
    })
  }
  sections.push({ title: 'The data: stored enquiries, by their timestamps only', findings: stored })
  return {
    stage: target.stage,
    at: now.toISOString(),
    source: target.localTable
      ? `the local stack's table ${target.localTable.name}`
      : `the account: stacks ${target.stacks.map((s) => `${s.stackName} (${s.region})`).join(', ')}`,
    sections,
    data,
    tookMs: Date.now() - started,
  }
}

/** 1 when any finding fails, else 0. */
export function liveExitCode(report: LiveReport): number {
  return report.sections.some((section) =>
    section.findings.some((finding) => finding.status === 'fail'),
  )
    ? 1
    : 0
}
