import { visibleText } from '#functions/enquiries/email.ts'

/**
 * Text for an operator's terminal, as the e-mails show a visitor's text to staff: every character
 * a person does not see or that changes how the rest of a line is shown (bidi overrides and
 * isolates, C0 and C1 controls such as ESC and NEL, the line and paragraph separators, zero-width
 * characters …) is written as `[U+XXXX]`; the command's own line breaks and tabs stay, a carriage
 * return does not (it would let a stored value overwrite the line it is on). A stored U+202E can
 * then no longer reverse the rest of the line an ops command prints, nor an escape sequence
 * drive the terminal.
 */
export function terminalSafe(text: string): string {
  return visibleText(text).replaceAll('\r', '[U+000D]')
}
