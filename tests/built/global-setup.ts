import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildSite } from '../browser/site-build.ts'

/**
 * The built site for the checks that only read its files: the same cached build the browser
 * project serves (a run with no change to the site's inputs builds nothing).
 */
export default function setup(project: TestProject) {
  project.provide('distDir', join(buildSite(), 'client'))
}
