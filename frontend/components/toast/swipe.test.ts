import { describe, expect, it } from 'vitest'
import { toastConfig } from './config.ts'
import { isDismissingSwipe, swipeOffset } from './swipe.ts'

describe('swipe to dismiss', () => {
  const threshold = toastConfig.swipeThresholdPx

  it('follows the pointer to the right only', () => {
    expect(swipeOffset(100, 130)).toBe(30)
    expect(swipeOffset(100, 60)).toBe(0)
  })

  it('dismisses past 50 px, not at or under it', () => {
    expect(threshold).toBe(50)
    expect(isDismissingSwipe(51, threshold)).toBe(true)
    expect(isDismissingSwipe(50, threshold)).toBe(false)
    expect(isDismissingSwipe(10, threshold)).toBe(false)
  })
})

describe('toast constants', () => {
  it("are the spec's", () => {
    expect(toastConfig).toMatchObject({
      max: 1,
      durationMs: 5000,
      removeDelayMs: 1_000_000,
      hotkey: ['F8'],
      swipeThresholdPx: 50,
    })
  })
})
