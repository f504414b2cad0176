import { ChakraProvider } from '@chakra-ui/react'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { system } from '../../theme.ts'
import { ContactForm } from './ContactForm.tsx'
import { agencyFrom } from './island.ts'

/**
 * Hydrates the prerendered contact form in place. Loaded on demand (see pages/contact/+client.ts):
 * this chunk is where React and Chakra reach the browser. The form comes with it, in the same
 * request wave: nothing here needs zod (the form loads its checks once it is interactive, see
 * load-validation.ts), so nothing has to run before the form's modules are fetched. Importing
 * Emotion moves the prerendered <style> tags out of the island into <head>, so the island's DOM
 * matches what the client renders; the ChakraProvider's global styles reuse the tags on the page.
 */
export async function hydrateContactForm(container: HTMLElement): Promise<void> {
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
