/** One hand-written enquiry of the labelled corpus (the form's fields a verdict reads). */
export interface CorpusEnquiry {
  /** First name, a space, last name. */
  readonly name: string
  readonly email: string
  readonly phone: string
  readonly company: string
  readonly message: string
  /** The honeypot a scripted post filled in. */
  readonly honeypot?: true
}
