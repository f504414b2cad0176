import { keepDraft } from '#frontend/components/contact-form/on-load-draft.ts'
import { ISLAND_ATTRIBUTE, whenNeeded } from '#frontend/components/contact-form/on-load-island.ts'
import { keepReadinessLive } from '#frontend/components/contact-form/on-load-readiness.ts'
import { initShell } from '#frontend/shell/shell.ts'

// A page's +client replaces the site's, so the shell is started here too.
initShell()

// What the visitor typed comes back from their last visit in this tab (Back, a reload, the way
// back from a failed native post). The form's own code arrives when the form is about to be used;
// until then the Send button and its hint follow the fields here, and a submit before it arrives
// posts natively (as without JavaScript).
const island = document.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)
const form = island?.querySelector('form')
if (island && form) {
  keepDraft(form)
  keepReadinessLive(form)
  whenNeeded(island, () => {
    import('#frontend/components/contact-form/on-use-enhance.ts')
      .then(({ enhanceContactForm }) => enhanceContactForm(form))
      .catch((error: unknown) => {
        console.error('The contact form could not load:', error)
      })
  })
}
