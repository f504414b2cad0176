import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { builtHtmlFiles, pathForFile } from '#shared/built-pages.ts'
import { routes, unlistedPages } from '#shared/routes.ts'

/** A prerendered page as the build wrote it. */
export interface BuiltPage {
  /** Path relative to the build folder, e.g. `services/seo/index.html`. */
  readonly file: string
  /** The URL path it is served at, e.g. `/services/seo` (the 404 page keeps `/404.html`). */
  readonly path: string
  readonly html: string
}

export function builtPages(distDir: string): BuiltPage[] {
  return builtHtmlFiles(distDir)
    .map((absolute) => {
      const file = relative(distDir, absolute)
      return { file, path: pathForFile(file), html: readFileSync(absolute, 'utf8') }
    })
    .sort((a, b) => a.path.localeCompare(b.path))
}

/** Minimal HTML entity decoding for attribute values React writes. */
export function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Every value of `attribute` on `tag` elements, e.g. all `<a href>`s. */
export function attributeValues(html: string, tag: string, attribute: string): string[] {
  const values: string[] = []
  for (const element of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))) {
    const match = new RegExp(`\\s${attribute}="([^"]*)"`, 'i').exec(element[0])
    if (match?.[1] !== undefined) values.push(decodeEntities(match[1]))
  }
  return values
}

export function ids(html: string): Set<string> {
  return new Set(
    [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? '')),
  )
}

/** The parsed JSON-LD blocks of a page. */
export function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? ''),
  )
}

/** Bytes on the wire as the best brotli (quality 11) sends them: what the budgets count. */
export const brotli = (data: Buffer | string) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length

/** Every page the budgets cover: each route, the 404 (at an address no page has), the unlisted. */
export const budgetPaths: readonly string[] = [
  ...routes.map((route) => route.path),
  '/this-page-does-not-exist',
  ...unlistedPages.map((page) => page.path),
]
