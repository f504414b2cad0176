import { describe, expect, it } from 'vitest'
import { rowFill } from './CardGrid.tsx'

/** Slots a layout leaves empty: every row's spans must add up to the track count. */
function emptySlots(count: number, columns: number) {
  const { tracks, span, lastSpan, remainder } = rowFill(count, columns)
  const full = count - remainder
  const rows = [
    ...Array.from({ length: full / columns }, () => columns * span),
    ...(remainder ? [remainder * lastSpan] : []),
  ]
  return rows.map((used) => tracks - used)
}

describe('rowFill', () => {
  it.each([
    [5, 3],
    [5, 2],
    [4, 3],
    [7, 4],
    [6, 3],
    [4, 4],
  ])('%i cards in rows of %i leave no empty slot', (count, columns) => {
    expect(emptySlots(count, columns).every((gap) => gap === 0)).toBe(true)
  })

  it('shares a short last row out evenly: five in threes is three, then two halves', () => {
    expect(rowFill(5, 3)).toEqual({ tracks: 6, span: 2, lastSpan: 3, remainder: 2 })
  })
})
