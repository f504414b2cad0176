/**
 * A page's scripts start after its first contentful paint. Nothing on a page needs a script to be
 * drawn (docs/decisions/0001-static-first.md), so the page's own module is not fetched while the
 * browser is still receiving and laying out the HTML: the build writes this small inline script
 * where Vike wrote `<script type="module" src>`, with the module's URL in `data-entry`
 * (docs/decisions/0027-first-paint-before-scripts.md).
 *
 * It starts the module when the browser reports the `first-contentful-paint` entry (once that
 * frame is on screen), or at once if the entry is already there (Safari 14.1 ignores `buffered`).
 * It also starts it at once in a prerendered page (nothing it draws is seen until it is shown),
 * on the visitor's first press, key or focus (whatever the browser says of paints), and at
 * DOMContentLoaded where Paint Timing is missing. None of it is a timer, so a page on a paused
 * fake clock still starts its scripts.
 *
 * The page carries this exact text; the CSP admits it by its hash (as it does the speculation
 * rules), so the page and the policy cannot disagree.
 */
import { createHash } from 'node:crypto'

export const ENTRY_ATTRIBUTE = 'data-entry'

export const scriptsAfterPaintText = [
  '(()=>{',
  `const entry=document.currentScript.getAttribute('${ENTRY_ATTRIBUTE}');`,
  'let started=false;',
  "const start=()=>{if(started)return;started=true;const script=document.createElement('script');script.type='module';script.src=entry;document.head.append(script)};",
  "const painted=()=>performance.getEntriesByName('first-contentful-paint').length>0;",
  'if(document.prerendering||painted()){start();return}',
  "for(const type of['pointerdown','keydown','focusin'])addEventListener(type,start,{capture:true,once:true});",
  "if(!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')){addEventListener('DOMContentLoaded',start,{once:true});return}",
  "new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length===0)return;observer.disconnect();start()}).observe({type:'paint',buffered:true})",
  '})()',
].join('')

/** The CSP source that admits the inline start and nothing else. */
export const scriptsAfterPaintHashSource = `'sha256-${createHash('sha256').update(scriptsAfterPaintText).digest('base64')}'`

/**
 * Hashes of the start's earlier texts the CSP still admits, for one release after the text
 * changes: pages cached at the edge under the old text meet the new policy until the deploy's
 * invalidation replaces them, and a page whose start is refused runs no script at all
 * (docs/deploy.md). The unit test pins the current hash, so a change to the text cannot slip out
 * without this list being thought of.
 */
export const retiredScriptsAfterPaintHashSources: readonly string[] = []

/** The HTML that replaces Vike's entry `<script>` for the module at `entry`. */
export function scriptsAfterPaintHtml(entry: string): string {
  if (!/^\/[\w./-]+\.js$/.test(entry)) throw new Error(`Not a built module path: ${entry}`)
  return `<script ${ENTRY_ATTRIBUTE}="${entry}">${scriptsAfterPaintText}</script>`
}
