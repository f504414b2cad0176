import { clearDraft } from '#frontend/components/contact-form/draft-storage.ts'
import { initShell } from '#frontend/shell/shell.ts'

// This page inherits /contact's folder but not its form: just the site's shell.
initShell()
// A native post (without the form's code) ends here once the enquiry is stored: the draft it
// left in this tab has done its job.
clearDraft()
