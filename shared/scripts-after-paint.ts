import { createHash } from 'node:crypto'

/**
 * A page's scripts start after its first contentful paint. Nothing on a page needs a script to be
 * drawn (docs/decisions/0001-static-first.md), so the page's own module is not fetched while the
 * browser is still receiving and laying out the HTML: the build writes this small inline script
 * where Vike wrote `<script type="module" src>`, with the module's URL in `data-entry`
 * (docs/decisions/0027-first-paint-before-scripts.md).
 *
 * It waits for the `first-contentful-paint` entry, which the browser reports once that frame is
 * on screen; where Paint Timing is missing it starts at DOMContentLoaded. Neither is a timer, so
 * a page on a paused fake clock still starts its scripts.
 *
 * The page carries this exact text; the CSP admits it by its hash (as it does the speculation
 * rules), so the page and the policy cannot disagree.
 */
export const ENTRY_ATTRIBUTE = 'data-entry'

export const scriptsAfterPaintText = [
  '(()=>{',
  `const entry=document.currentScript.getAttribute('${ENTRY_ATTRIBUTE}');`,
  "const start=()=>{const module=document.createElement('script');module.type='module';module.src=entry;document.head.append(module)};",
  "if(!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')){addEventListener('DOMContentLoaded',start,{once:true});return}",
  "new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length===0)return;observer.disconnect();start()}).observe({type:'paint',buffered:true})",
  '})()',
].join('')

/** The CSP source that admits the inline start and nothing else. */
export const scriptsAfterPaintHashSource = `'sha256-${createHash('sha256').update(scriptsAfterPaintText).digest('base64')}'`

/** The element that replaces Vike's entry `<script>` for the module at `entry`. */
export function scriptsAfterPaintElement(entry: string): string {
  if (!/^\/[\w./-]+\.js$/.test(entry)) throw new Error(`Not a built module path: ${entry}`)
  return `<script ${ENTRY_ATTRIBUTE}="${entry}">${scriptsAfterPaintText}</script>`
}
