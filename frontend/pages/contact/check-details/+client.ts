import { initShell } from '#frontend/shell/shell.ts'
import { flagFields, flaggedFields } from './flag-fields.ts'

initShell()
flagFields(document, flaggedFields(window.location.search))
