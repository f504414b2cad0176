import * as z from 'zod/mini'

/** A function's environment, as Lambda (or the local stack) gives it. */
export type Env = Record<string, string | undefined>

/** An empty or blank variable reads as unset, then `schema` checks it. */
export const unlessBlank = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' && value.trim() === '' ? undefined : value,
    ),
    schema,
  )

/** A variable the stack always sets, trimmed. */
export const required = (name: string) =>
  unlessBlank(z.string({ error: `${name} is required` }).check(z.trim()))

/** An address the stack always sets. */
export const email = (name: string) =>
  unlessBlank(
    z.email({
      error: (issue) =>
        issue.input === undefined ? `${name} is required` : `${name} must be an e-mail address`,
    }),
  )

/**
 * A function's environment read through its schema, once, at cold start. A bad one fails the
 * init with every problem on a line of its own (each schema's messages name their variable), so
 * a deploy is put right in one go, not a variable at a time.
 */
export function readEnvironment<Schema extends z.ZodMiniType>(
  schema: Schema,
  env: Env,
  what: string,
): z.output<Schema> {
  const result = schema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- ${issue.message}`).join('\n')
    throw new Error(`Invalid ${what}:\n${problems}`)
  }
  return result.data
}
