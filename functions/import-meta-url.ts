/**
 * `import.meta.url` in the functions' CommonJS bundles (infra/lambda-bundling.ts defines it as
 * this export and has esbuild inject this file): the bundle's own file URL, so a module finds a
 * file beside itself (`new URL(file, import.meta.url)`). Injected, not written as a banner: a
 * banner comes before the bundle's `"use strict"`, which is then no directive, and the whole
 * bundle would run in sloppy mode.
 */
export const importMetaUrl: string = require('node:url').pathToFileURL(__filename).href
