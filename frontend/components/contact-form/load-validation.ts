import type * as Validation from './validation.ts'

let loading: Promise<typeof Validation> | undefined

/**
 * The form's validation (zod and the shared schema), fetched and run once, after the form is
 * interactive: nothing about showing the form or typing in it needs zod, whose evaluation was
 * about a fifth of the work between the first focus and an interactive form
 * (docs/decisions/0023-contact-island-fast.md). Zod is switched to interpreted
 * parsing before the schema is built, whatever chunks the bundler makes. A failed load is
 * retried on the next call.
 */
export function loadValidation(): Promise<typeof Validation> {
  loading ??= import('./zod-jitless.ts')
    .then(() => import('./validation.ts'))
    .catch((error: unknown) => {
      loading = undefined
      throw error
    })
  return loading
}
