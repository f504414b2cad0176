/** One line of the retention audit: where data is (or what was checked), and the verdict. */

export type Status = 'pass' | 'fail' | 'info'

export interface Finding {
  readonly status: Status
  /** Where the data is (or what was checked). */
  readonly place: string
  /** What it holds and for how long, against the policy. */
  readonly detail: string
}

/** How each check of the templates reports a finding. */
export type Add = (status: Status, place: string, detail: string) => void

export const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`

/** One day, in ms. */
export const DAY_MS = 86_400_000
