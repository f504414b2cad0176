import { readFileSync } from 'node:fs'

/**
 * The site around the no-JavaScript form's answer pages (form-pages.ts): the prerendered page
 * of the site's own "check your details" step, cut at its `<main>`, so an answer carries the
 * site's header, menu, footer, styles and cookie banner exactly as the build made them, never a
 * copy by hand. The function cannot read the site's bucket, so the built page travels with it:
 * the contact function's bundle gets a copy (shared/answer-shell.ts names both files), the local
 * stack reads it from the built site. Without it, the answers stand alone.
 */
export interface AnswerShell {
  /** Everything up to and including the page's `<main …>` tag. */
  readonly before: string
  /** From the page's `</main>` to its end. */
  readonly after: string
}

/** The page cut at its main landmark; undefined if it has none. */
export function answerShellFrom(html: string): AnswerShell | undefined {
  const open = /<main\b[^>]*>/.exec(html)
  const close = html.lastIndexOf('</main>')
  if (!open || close < open.index) return undefined
  return { before: html.slice(0, open.index + open[0].length), after: html.slice(close) }
}

/**
 * The shell from a built page, or undefined when the file is absent or has no main landmark
 * (then the answer pages stand alone, which a visitor can still use).
 */
export function readAnswerShell(file: string | URL): AnswerShell | undefined {
  let html: string
  try {
    html = readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  return answerShellFrom(html)
}
