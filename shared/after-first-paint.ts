import { createHash } from 'node:crypto'

/**
 * Every page's scripts and its web manifest load once its first frame is on screen, so the first
 * paint waits for the HTML alone. The shell (menu, scroll button, cookie banner) has nothing to
 * show before then; a script that arrives while the page is still parsing runs ahead of the first
 * paint on a slow phone, and Lighthouse's simulation charges every request that ends before the
 * first paint (the manifest too, which the browser fetches on load) to first paint and LCP
 * (docs/decisions/0026-first-paint-waits-for-the-html-only.md).
 *
 * The build puts this text where Vike's `<script type="module" async>` was, with the script's
 * address in `data-src` (the loader sits in the head, so the page is still being parsed when it runs); the CSP admits exactly this text by its hash, so the page and the policy
 * (local server and CloudFront alike) cannot disagree. A browser without paint timing loads both
 * at once. Without JavaScript the pages work as they are, and offer no install.
 */
export const afterFirstPaintLoaderText =
  '(()=>{const d=document,src=d.currentScript.dataset.src,load=()=>{const s=d.createElement("script"),m=d.createElement("link");' +
  's.type="module";s.src=src;m.rel="manifest";m.href="/site.webmanifest";d.head.append(s,m)};' +
  // Two conditions, the first paint shown and the whole page parsed, then two frames more: a slow
  // phone paints a page in parts while parsing, and its largest text can come a frame later.
  'let wait=2;const step=()=>--wait||requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(load)));' +
  'd.addEventListener("DOMContentLoaded",step);' +
  'PerformanceObserver.supportedEntryTypes?.includes("paint")?new PerformanceObserver((_,o)=>{o.disconnect();step()}).observe({type:"paint",buffered:!0}):step()})()'

/** The CSP source that admits the loader and nothing else. */
export const afterFirstPaintHashSource = `'sha256-${createHash('sha256').update(afterFirstPaintLoaderText).digest('base64')}'`
