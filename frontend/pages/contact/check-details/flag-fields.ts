import { type ContactField, contactFields } from '#shared/contact-fields.ts'

/** The known field names in `?fields=a,b`, in the form's order; anything else is ignored. */
export function flaggedFields(search: string): ContactField[] {
  const named = new Set(
    (new URLSearchParams(search).get('fields') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  )
  return contactFields.filter((field) => named.has(field))
}

/**
 * Highlights the fields the API named (the page lists every rule without JavaScript; this only
 * points at the ones to fix) and fills in the summary line above the list.
 */
export function flagFields(doc: Document, fields: readonly ContactField[]): void {
  if (fields.length === 0) return
  const labels: string[] = []
  for (const field of fields) {
    const item = doc.querySelector<HTMLElement>(`[data-field="${field}"]`)
    if (!item) continue
    item.setAttribute('data-flagged', '')
    const note = item.querySelector<HTMLElement>('[data-flag-note]')
    if (note) note.hidden = false
    labels.push(item.getAttribute('data-label') ?? field)
  }
  const summary = doc.querySelector<HTMLElement>('[data-flag-summary]')
  const list = summary?.querySelector<HTMLElement>('[data-flag-list]')
  if (summary && list && labels.length > 0) {
    list.textContent = labels.join(', ')
    summary.hidden = false
  }
}
