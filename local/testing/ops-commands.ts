import { linkKeyEnv } from '#functions/enquiries/action-links.ts'

/**
 * How the local stack's tests run an ops command against it, as ops would in a second terminal
 * beside `npm start`. The command's run function is passed in: local/ sits below ops/, so this
 * module names no command of its own.
 */

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
 * The io an ops command such as `npm run enquiries` is given here: it runs at the present time in
 * `env`, and what it says, results and messages alike, goes to `said` in order. (Its type is the
 * command's to check: local/ may not import the command's own.)
 */
function sayingIo(said: string[], env: Record<string, string>, localDataDir?: string) {
  return {
    out: (text: string) => void said.push(text),
    err: (text: string) => void said.push(text),
    now: () => new Date(),
    env,
    ...(localDataDir && { localDataDir }),
  }
}

/**
 * Runs `command` with `args`: its exit code and everything it said as one text, what ops would
 * read in the terminal.
 */
export async function runSaying(
  command: (args: readonly string[], io: ReturnType<typeof sayingIo>) => Promise<number>,
  args: readonly string[],
  env: Record<string, string>,
  options: { readonly localDataDir?: string } = {},
): Promise<{ code: number; said: string }> {
  const said: string[] = []
  const code = await command(args, sayingIo(said, env, options.localDataDir))
  return { code, said: said.join('\n') }
}
