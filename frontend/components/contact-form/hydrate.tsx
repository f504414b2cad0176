import { ChakraProvider } from '@chakra-ui/react'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { z } from 'zod'
import { system } from '../../theme.ts'
import { agencyFrom } from './island.ts'

/**
 * Hydrates the prerendered contact form in place. Loaded on demand (see pages/contact/+client.ts):
 * this chunk is where React and Chakra reach the browser. Importing Emotion moves the
 * prerendered <style> tags out of the island into <head>, so the island's DOM matches what the
 * client renders; the ChakraProvider's global styles reuse the tags already on the page.
 */
export async function hydrateContactForm(container: HTMLElement): Promise<void> {
  // The site's CSP has no 'unsafe-eval'. Zod 4 probes for `Function` when a schema is built, to
  // compile fast parsers, and the probe alone is a CSP violation (an issue Lighthouse reports).
  // Interpreted parsing is plenty for seven fields. The form (and with it the shared schema) is
  // imported only after this, whatever chunk the bundler puts the schema in.
  z.config({ jitless: true })
  const { ContactForm } = await import('./ContactForm.tsx')
  // Evaluating React and Chakra was one long task; let input and paint through before the next.
  await new Promise((resolve) => setTimeout(resolve, 0))
  // A transition makes hydration interruptible: React renders in slices of a few milliseconds
  // instead of one long task that would block the main thread (Total Blocking Time).
  startTransition(() => {
    hydrateRoot(
      container,
      <ChakraProvider value={system}>
        <ContactForm agency={agencyFrom(container)} />
      </ChakraProvider>,
      {
        onRecoverableError(error) {
          console.error('Contact form hydration:', error)
        },
      },
    )
  })
}
