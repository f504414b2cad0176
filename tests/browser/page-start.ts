import type { Page } from 'playwright-core'

/** Long enough for a busy machine; a page whose module never starts is then reported as such. */
const START_TIMEOUT_MS = 15_000

/**
 * Waits until the page's own module (the shell, and on /contact the form's readiness) has run.
 * It starts after the page's first paint (shared/scripts-after-paint.ts), so at `load` it may
 * still be on its way. Nothing in the page uses a timer here, so a page on a paused fake clock
 * works too: the module's element is awaited as it is added, and importing the same module
 * resolves once the page's own copy has been evaluated. (A string, as Playwright runs it: inside
 * a function, Vitest would rewrite `import()` for Node.) No test-runner imports, so the
 * screenshot script can use it too.
 */
export async function waitForShell(page: Page): Promise<void> {
  const started = page.evaluate(`(async () => {
    const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry')
    if (!entry) throw new Error('The page has no start for its scripts (script[data-entry])')
    const added = () => document.querySelector('script[type="module"][src="' + entry + '"]') !== null
    if (!added()) {
      await new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!added()) return
          observer.disconnect()
          resolve()
        })
        observer.observe(document.head, { childList: true })
      })
    }
    await import(entry)
  })()`)
  // Once the time limit has won, the page's answer (a failure as the context closes) is no longer
  // anyone's: left unhandled, it would be reported against whichever test runs next.
  started.catch(() => undefined)
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `The page's module did not start within ${START_TIMEOUT_MS / 1000} s of load (${page.url()}): no first contentful paint?`,
          ),
        ),
      START_TIMEOUT_MS,
    )
  })
  try {
    await Promise.race([started, timedOut])
  } finally {
    clearTimeout(timer)
  }
}
