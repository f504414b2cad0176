import { lazyImport } from '#frontend/lazy-import.ts'
import type * as Validation from './validation.ts'

/**
 * The form's validation (zod and the shared schema), fetched and run once, after the form is
 * interactive: nothing about showing the form or typing in it needs zod, whose evaluation was
 * about a fifth of the work between the first focus and an interactive form
 * (docs/decisions/0025-contact-form-without-react-on-the-client.md). Zod is switched to interpreted
 * parsing before the schema is built, whatever chunks the bundler makes. A failed load is
 * retried on the next call.
 */
export const loadValidation: () => Promise<typeof Validation> = lazyImport(() =>
  import('./zod-jitless.ts').then(() => import('./validation.ts')),
)
