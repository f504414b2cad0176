import { ChakraProvider } from '@chakra-ui/react'
import { createRoot } from 'react-dom/client'
import { system } from '../../theme.ts'
import { type Notification, notify, Toaster } from './Toaster.tsx'

let mounted = false

/**
 * The site's toaster in a React root of its own, mounted at the first toast: the only place
 * React and Chakra run in the browser. The toaster's store keeps a toast created before the root
 * has rendered, so the first one shows as soon as it has.
 */
export function showToast(notification: Notification): void {
  if (!mounted) {
    mounted = true
    const container = document.createElement('div')
    document.body.append(container)
    createRoot(container).render(
      <ChakraProvider value={system}>
        <Toaster />
      </ChakraProvider>,
    )
  }
  notify(notification)
}
