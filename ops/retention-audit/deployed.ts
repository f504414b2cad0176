import { writeFileSync } from 'node:fs'
import { callsWithin, liveAws } from '#functions/retention-audit/live/calls.ts'
import {
  type LiveReport,
  liveExitCode,
  runLiveCheck,
} from '#functions/retention-audit/live/live-check.ts'
import { formatLiveReport, liveMarkdown } from '#functions/retention-audit/live/report.ts'
import type { DriftTiming } from '#functions/retention-audit/live/stacks.ts'
import type { ScanOptions } from '#functions/retention-audit/live/stored-data.ts'
import { commandEnv } from '#infra/cdk-commands.ts'
import { stageStackPlaces } from '#infra/stack-names.ts'
import { selectStages } from '#infra/stage-selection.ts'
import { stages } from '#infra/stages.ts'
import { oneLine } from '../command.ts'
import type { LocalTableLocation } from '../table-target.ts'

/**
 * `npm run audit:retention -- --deployed STAGE` (and `--local`): the live retention check
 * (functions/retention-audit/live/), the same code the monthly function runs, from an operator's
 * or an auditor's credentials. Read-only; every call time-limited; a call refused or unanswered
 * is a FAIL naming it.
 */

export interface LiveIo {
  out(text: string): void
  err(text: string): void
  /** The local stack's table, as the command line finds it (ops never imports local/). */
  readonly findLocalTable?: () => Promise<LocalTableLocation>
  /** @default CALL_LIMIT_MS, 10 s */
  readonly callLimitMs?: number
  readonly drift?: DriftTiming
  readonly scan?: ScanOptions
}

/** The stacks of a committed stage, as `npm run deploy -- STAGE` deploys them. */
function stagePlaces(stage: string) {
  const { configs } = selectStages(stages, { stage }, commandEnv())
  return stageStackPlaces(configs[0] as Parameters<typeof stageStackPlaces>[0])
}

export async function runLiveAudit(
  options: { readonly stage?: string; readonly timeoutMs: number; readonly out?: string },
  io: LiveIo,
  usage: string,
): Promise<number> {
  let report: LiveReport
  if (options.stage !== undefined) {
    let stacks: ReturnType<typeof stagePlaces>
    try {
      stacks = stagePlaces(options.stage)
    } catch (error) {
      io.err(`audit:retention: ${oneLine(error).split(' - ')[0]}\n${usage}`)
      return 2
    }
    const aws = liveAws(callsWithin(options.timeoutMs, io.callLimitMs))
    try {
      report = await runLiveCheck(
        aws,
        { stage: options.stage, stacks },
        { ...(io.drift && { drift: io.drift }), ...(io.scan && { scan: io.scan }) },
      )
    } finally {
      aws.close()
    }
  } else {
    if (!io.findLocalTable) {
      io.err('audit:retention: no local stack to check')
      return 2
    }
    let local: LocalTableLocation
    try {
      local = await io.findLocalTable()
    } catch (error) {
      io.err(`audit:retention: could not reach the local table: ${oneLine(error)}`)
      return 1
    }
    const aws = liveAws(callsWithin(options.timeoutMs, io.callLimitMs), {
      endpoint: local.endpoint,
      credentials: local.credentials,
    })
    try {
      report = await runLiveCheck(aws, {
        stage: 'local',
        stacks: [],
        localTable: { name: local.tableName, region: 'eu-west-2', key: 'local' },
      })
    } finally {
      aws.close()
      await local.close()
    }
  }
  io.out(`${formatLiveReport(report)}\n`)
  if (options.out) {
    try {
      writeFileSync(options.out, liveMarkdown(report))
      io.out(`Report written to ${options.out}\n`)
    } catch (error) {
      io.err(
        `audit:retention: the report could not be written to ${options.out}: ${oneLine(error)}`,
      )
      return 2
    }
  }
  return liveExitCode(report)
}
