import { ChakraProvider } from '@chakra-ui/react'
import { hydrateRoot } from 'react-dom/client'
import { system } from '../../theme.ts'
import { ContactForm } from './ContactForm.tsx'

/**
 * Hydrates the prerendered contact form in place. Loaded on demand (see pages/contact/+client.ts):
 * this chunk is where React and Chakra reach the browser. Importing Emotion first moves the
 * prerendered <style> tags out of the island into <head>, so the island's DOM matches what the
 * client renders; the ChakraProvider's global styles reuse the tags already on the page.
 */
export function hydrateContactForm(container: HTMLElement): void {
  hydrateRoot(
    container,
    <ChakraProvider value={system}>
      <ContactForm />
    </ChakraProvider>,
    {
      onRecoverableError(error) {
        console.error('Contact form hydration:', error)
      },
    },
  )
}
