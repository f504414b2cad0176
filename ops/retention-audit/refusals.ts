import { relative } from 'node:path'

/**
 * The two ways the retention audit refuses to run: a misuse of its command line (`UsageProblem`)
 * and an app that cannot be built at all (`BrokenBuild`). Both exit 2; a breach of the policy is
 * a FAIL finding and exits 1.
 */

/** The command line asks for something the audit cannot do: a usage line, exit 2. */
export class UsageProblem extends Error {
  override readonly name = 'UsageProblem'
}

/** The CDK app's code does not load or run: an error line naming where, exit 2. */
export class BrokenBuild extends Error {
  override readonly name = 'BrokenBuild'

  /** `error` thrown by the app's code, or what is wrong in words. */
  constructor(error: unknown) {
    super(typeof error === 'string' ? error : describeBuildError(error))
  }
}

/** The repository's root: where the app's code and cdk.json are. */
export const repo = new URL('../../', import.meta.url).pathname

/** An error of the app's code in one line, with the file and line it points at when it has one. */
function describeBuildError(error: unknown): string {
  const { name, message, stack } =
    error instanceof Error ? error : { name: 'Error', message: String(error), stack: '' }
  const where = /file:\/\/(\/[^\s:)]+):(\d+)/.exec(stack ?? '')
  const at = where ? ` (${relative(repo, where[1] as string)}:${where[2]})` : ''
  return `${name}: ${message}`.replace(/\s+/g, ' ').trim() + at
}
