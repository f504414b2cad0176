import * as z from 'zod/mini'

// The site's CSP has no 'unsafe-eval'. Zod 4 probes for `Function` when a schema is built, to
// compile fast parsers, and the probe alone is a CSP violation (an issue Lighthouse reports).
// Interpreted parsing is plenty for seven fields. Imported, and so run, before the schema's
// module is (on-use-validation.ts).
z.config({ jitless: true })
