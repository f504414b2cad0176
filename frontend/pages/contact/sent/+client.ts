import { initShell } from '../../../shell/shell.ts'

// This page inherits /contact's folder but not its form: just the site's shell.
initShell()
