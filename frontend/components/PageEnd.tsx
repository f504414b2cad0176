/**
 * The id of the last element of every page. The first paint waits until the parser reaches it
 * (pages/+Head.tsx): Chromium lets a page paint as soon as the element named by `rel=expect` is
 * inserted, so naming the footer let a slow device draw the footer half parsed, pinned to the
 * bottom of a short page, and move it up as the rest arrived (docs/decisions/0027).
 */
export const PAGE_END_ID = 'page-end'

/** Nothing to see: a mark after everything a visitor sees. */
export function PageEnd() {
  return <span id={PAGE_END_ID} hidden />
}
