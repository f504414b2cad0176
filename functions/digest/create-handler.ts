import { MetricUnit } from '@aws-lambda-powertools/metrics'
import { digestMetrics } from '#shared/delivery-metrics.ts'
import { actionLinker } from '../enquiries/action-links.ts'
import type { FunctionDependencies } from '../lambda-dependencies.ts'
import { errorName, jsonLogger } from '../log.ts'
import { type DigestOutcome, sendDigest } from './send.ts'

/** Every read and the send are over by then, inside the function's 60 s timeout. */
export const DIGEST_BUDGET_MS = 45_000

export interface DigestHandlerDependencies extends FunctionDependencies {
  /** The stage's link-signing key: with the config's site URL, it signs every link. */
  readonly linkKey?: string | undefined
}

/** The digest's links: without a key and the site's URL it could offer staff nothing to press. */
function linksFor(deps: DigestHandlerDependencies) {
  const { linkKey } = deps
  const { siteUrl } = deps.config
  if (!linkKey || !siteUrl) {
    throw new Error(
      'The digest needs ACTION_LINK_KEY and SITE_URL: its links are how staff act on it. The stack sets both: deploy again.',
    )
  }
  return (now: Date) =>
    actionLinker({ key: linkKey, stage: deps.config.stage ?? 'local', siteUrl, now })
}

/**
 * The scheduled digest: any event runs one. A failure before the digest went throws, so Lambda's
 * retries run it again and the function's errors alarm tells ops. A copy that failed after it
 * went does not throw (a retry would send the inbox the digest again): it is counted, and its
 * alarm tells ops.
 */
export function createDigestHandler(deps: DigestHandlerDependencies) {
  const log = deps.log ?? jsonLogger
  const links = linksFor(deps)
  return async (_event?: unknown): Promise<DigestOutcome> => {
    let outcome: DigestOutcome
    try {
      outcome = await sendDigest(
        {
          table: {
            client: deps.clients.documentClient,
            tableName: deps.config.enquiriesTable,
          },
          ses: deps.clients.ses,
          addresses: deps.config,
          log,
          now: deps.now ?? (() => new Date()),
          links,
          listDays: deps.config.digestListDays,
          copyTo: deps.config.digestCopyTo,
        },
        AbortSignal.timeout(DIGEST_BUDGET_MS),
      )
    } catch (error) {
      log({ level: 'error', event: 'attention_digest_failed', errorName: errorName(error) })
      throw error
    }
    if (outcome.copyFailed && deps.metrics) {
      deps.metrics.addMetric(digestMetrics.copyFailed, MetricUnit.Count, 1)
      deps.metrics.publishStoredMetrics()
    }
    return outcome
  }
}
