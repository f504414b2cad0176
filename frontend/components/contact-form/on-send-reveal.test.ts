import { describe, expect, it } from 'vitest'
import { scrollToClear } from './on-send-reveal.ts'

/** A phone's viewport: 390 x 844. */
const height = 844
const box = (top: number, bottom: number, left = 0, right = 390) => ({ left, right, top, bottom })
const header = box(0, 72)
const toast = box(16, 140, 16, 374)
const banner = box(650, 844)

describe('scrolling a result clear of what floats over the page', () => {
  it('leaves it where it is when nothing covers it', () => {
    expect(scrollToClear(box(300, 400), [header, toast, banner], height)).toBe(0)
  })

  it('scrolls down (the page moves up) when the cookie banner covers it', () => {
    // 8 px clear of the banner's top edge.
    expect(scrollToClear(box(600, 700), [header, toast, banner], height)).toBe(700 - 642)
  })

  it('scrolls up when the header or a toast covers it, whichever reaches lower', () => {
    expect(scrollToClear(box(100, 200), [header, toast, banner], height)).toBe(100 - 148)
    expect(scrollToClear(box(50, 150), [header, banner], height)).toBe(50 - 80)
  })

  it('shows its top when it is taller than the space between them', () => {
    expect(scrollToClear(box(400, 1000), [header, toast, banner], height)).toBe(400 - 148)
  })

  it('ignores what floats beside it rather than over it, and what is not laid out', () => {
    const desktopToast = { left: 960, right: 1350, top: 16, bottom: 120 }
    expect(scrollToClear(box(90, 200, 100, 700), [desktopToast, box(0, 0)], 900)).toBe(0)
  })

  it('brings a result from above or far below the viewport into the clear space', () => {
    expect(scrollToClear(box(-500, -400), [header, banner], height)).toBe(-500 - 80)
    expect(scrollToClear(box(2000, 2100), [header, banner], height)).toBe(2100 - 642)
  })
})
