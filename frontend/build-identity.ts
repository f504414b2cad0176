import { parseSite } from '#shared/site.ts'

/**
 * The identity the pages are rendered with. Pages are prerendered in Node at build time, so the
 * environment is read (and validated) once, when the build starts.
 */
export const site = parseSite(process.env)
