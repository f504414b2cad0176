import { linkKeyEnv } from '#functions/enquiries/action-links.ts'

/**
 * How the local stack's tests run an ops command against it, as ops would in a second terminal
 * beside `npm start`. The command's run function is passed in: local/ sits below ops/, so this
 * module names no command of its own.
 */

/** The io an ops command such as `npm run enquiries` takes. */
export interface OpsCommandIo {
  out(text: string): void
  err(text: string): void
  now(): Date
  readonly env: Record<string, string | undefined>
  readonly localDataDir?: string
}

/**
 * The environment by which an ops command finds a running local stack: its DynamoDB and mailbox
 * ports and, for a command that writes links, the site's port (where they open) and the key they
 * are signed with.
 */
export function localStackEnv(
  stack: { readonly dynamoDbUrl: string; readonly mailboxUrl: string },
  site?: { readonly url: string; readonly linkKey: string },
): Record<string, string> {
  const port = (url: string) => new URL(url).port
  return {
    DYNAMODB_PORT: port(stack.dynamoDbUrl),
    SES_PORT: port(stack.mailboxUrl),
    ...(site && { PORT: port(site.url), [linkKeyEnv]: site.linkKey }),
  }
}

/**
 * Runs `command` with `args` at the present time in `env`: its exit code and everything it said,
 * results and messages alike, in order, as one text (what ops would read in the terminal).
 */
export async function runSaying(
  command: (args: readonly string[], io: OpsCommandIo) => Promise<number>,
  args: readonly string[],
  env: Record<string, string>,
  options: { readonly localDataDir?: string } = {},
): Promise<{ code: number; said: string }> {
  const said: string[] = []
  const code = await command(args, {
    out: (text) => said.push(text),
    err: (text) => said.push(text),
    now: () => new Date(),
    env,
    ...options,
  })
  return { code, said: said.join('\n') }
}
