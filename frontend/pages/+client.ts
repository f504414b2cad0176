import { initShell } from '../shell/shell.ts'

initShell()
