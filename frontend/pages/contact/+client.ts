import { ISLAND_ATTRIBUTE, whenNeeded } from '../../components/contact-form/island.ts'
import { initShell } from '../../shell/shell.ts'

// A page's +client replaces the site's, so the shell is started here too.
initShell()

// React and Chakra arrive only when the form is about to be used; until then (and without
// JavaScript) the prerendered form posts natively.
const island = document.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)
if (island) {
  whenNeeded(island, () => {
    import('../../components/contact-form/hydrate.tsx')
      .then(({ hydrateContactForm }) => hydrateContactForm(island))
      .catch((error: unknown) => console.error('The contact form could not load:', error))
  })
}
