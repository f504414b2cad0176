/** A piece of a legal section: a paragraph, a sub-heading, a bulleted list or labelled details. */
export type LegalBlock =
  | string
  | { readonly heading: string }
  | { readonly list: readonly string[] }
  | {
      readonly details: readonly {
        readonly term: string
        readonly description: string
        readonly href?: string
      }[]
    }

export interface LegalSection {
  /** The fragment id, e.g. `your-rights` for /privacy-policy#your-rights. */
  readonly id: string
  readonly title: string
  readonly blocks: readonly LegalBlock[]
}
