import type { Finding } from '#functions/retention-audit/finding.ts'
import { type RetentionPolicy, retentionPolicy } from '#functions/retention-audit/policy.ts'
import { auditTemplates } from '#functions/retention-audit/resources.ts'
import { retention } from '#infra/retention.ts'
import { auditExpiryCode, auditStoredItem } from './expiry.ts'
import { type AuditStack, liveExpiryCheck } from './live-check.ts'
import { UsageProblem } from './refusals.ts'
import type { AuditReport } from './report.ts'
import { auditSettings } from './settings.ts'
import { type Synthesis, synthesiseApp } from './synthesis.ts'
import { auditSyntheticExpiry } from './synthetic.ts'
import { readTemplates } from './templates.ts'

/**
 * The retention audit: what it reads (the synthesised app, or templates given) and the checks it
 * runs, each a finding; a misuse of its command line or an app that cannot be built at all is
 * thrown (refusals.ts). The command line is ops/retention-audit-cli.ts.
 */

/** A check that throws is a breach to report (exit 1), never a crash of the audit. */
async function checked(place: string, check: () => Promise<Finding>): Promise<Finding> {
  try {
    return await check()
  } catch (error) {
    return {
      status: 'fail',
      place,
      detail: `the check could not run: ${(error as Error)?.name ?? 'Error'}: ${(error as Error)?.message ?? String(error)}`,
    }
  }
}

export async function runAudit(options: {
  readonly templates?: readonly string[]
  readonly context?: Record<string, string>
  readonly live?: boolean
  /** Starts the local stack the live check posts to (the command line chooses it). */
  readonly startLocalStack?: () => Promise<AuditStack>
  readonly policy?: RetentionPolicy
  /** Without the live check: what the code stores (tests put a broken store here). */
  readonly storedItem?: (createdAt: Date) => Promise<Record<string, unknown>>
}): Promise<AuditReport> {
  const policy = options.policy ?? retentionPolicy
  const templates = options.templates ?? []
  const context = options.context ?? {}
  if (templates.length > 0 && Object.keys(context).length > 0) {
    throw new UsageProblem('-c applies to the synthesis; --template audits templates as they are')
  }
  const synthesis: Synthesis =
    templates.length > 0
      ? { stacks: readTemplates(templates), findings: [], stages: [] }
      : await synthesiseApp(context)
  const given = Object.entries(context).map(([key, value]) => `-c ${key}=${value}`)
  const stageNames = synthesis.stages.join(', ')
  const source =
    templates.length > 0
      ? `templates ${templates.join(', ')}`
      : `the CDK app synthesised offline, stage${synthesis.stages.length === 1 ? '' : 's'} ${stageNames}${given.length ? ` with ${given.join(' ')}` : ''}`

  const findings = [
    ...auditSettings(retention, policy),
    await checked('expiresAt code path', async () => auditExpiryCode(policy)),
    await checked('Synthetic enquiries code path', async () => auditSyntheticExpiry(policy)),
    options.live === false
      ? await checked('Item the contact pipeline writes', () =>
          auditStoredItem(policy, options.storedItem),
        )
      : await checked('Live check through the local stack', () => {
          if (!options.startLocalStack) throw new Error('no local stack was given to post to')
          return liveExpiryCheck(policy, options.startLocalStack)
        }),
    ...synthesis.findings,
    ...auditTemplates(synthesis.stacks, policy),
  ]
  const stackNames = synthesis.stacks.map((stack) => stack.stackName).join(', ')
  return { findings, source: `${source}: ${stackNames || 'no stack could be built'}` }
}
