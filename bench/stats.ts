/** The benches' one way to summarise samples: nearest-rank percentiles (NaN when empty). */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

/** The middle sample (the lower of the two middle ones for an even count). */
export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )
