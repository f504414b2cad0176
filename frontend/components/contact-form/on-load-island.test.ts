import { describe, expect, it, vi } from 'vitest'
import { whenNeeded } from './on-load-island.ts'

/** An IntersectionObserver double whose callback the test fires by hand. */
function fakeObserver() {
  const instances: { callback: IntersectionObserverCallback; disconnect: () => void }[] = []
  class FakeObserver {
    disconnected = false
    readonly callback: IntersectionObserverCallback
    constructor(callback: IntersectionObserverCallback) {
      this.callback = callback
      instances.push(this)
    }
    observe() {}
    disconnect() {
      this.disconnected = true
    }
  }
  const intersect = (isIntersecting: boolean) => {
    for (const instance of instances) {
      instance.callback(
        [{ isIntersecting } as IntersectionObserverEntry],
        instance as unknown as IntersectionObserver,
      )
    }
  }
  return {
    IntersectionObserver: FakeObserver as unknown as typeof IntersectionObserver,
    intersect,
    instances,
  }
}

/** The island's element: `matches` answers whether focus or the pointer is already in it. */
const island = (alreadyInUse = false) =>
  Object.assign(new EventTarget(), { matches: () => alreadyInUse }) as unknown as HTMLElement

describe('loading the form when it is needed', () => {
  it('loads at once when focus or the pointer is already in the form before the script runs', () => {
    const env = fakeObserver()
    const element = island(true)
    const load = vi.fn()
    whenNeeded(element, load, env)
    element.dispatchEvent(new Event('focusin'))
    env.intersect(true)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('waits while the form is far from the viewport', () => {
    const env = fakeObserver()
    const load = vi.fn()
    whenNeeded(island(), load, env)
    env.intersect(false)
    expect(load).not.toHaveBeenCalled()
  })

  it('loads once the visitor scrolls the form near the viewport, and only once', () => {
    const env = fakeObserver()
    const element = island()
    const load = vi.fn()
    whenNeeded(element, load, env)
    env.intersect(false) // where it was at load
    env.intersect(true)
    element.dispatchEvent(new Event('focusin'))
    env.intersect(true)
    expect(load).toHaveBeenCalledTimes(1)
    expect(env.instances[0]).toMatchObject({ disconnected: true })
  })

  it('does not load just because the form is in view when the page loads', () => {
    const env = fakeObserver()
    const element = island()
    const load = vi.fn()
    whenNeeded(element, load, env)
    env.intersect(true) // in view at load (a desktop screen)
    expect(load).not.toHaveBeenCalled()
    expect(env.instances[0]).toMatchObject({ disconnected: true })
    element.dispatchEvent(new Event('pointerenter'))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it.each(['pointerenter', 'pointerdown', 'focusin'])(
    'loads on %s, whether or not it is in view',
    (type) => {
      const env = fakeObserver()
      const element = island()
      const load = vi.fn()
      whenNeeded(element, load, env)
      element.dispatchEvent(new Event(type))
      element.dispatchEvent(new Event(type))
      expect(load).toHaveBeenCalledTimes(1)
    },
  )

  it('waits for a sign of use where IntersectionObserver is missing', () => {
    const element = island()
    const load = vi.fn()
    whenNeeded(element, load, {})
    expect(load).not.toHaveBeenCalled()
    element.dispatchEvent(new Event('focusin'))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('can be cancelled', () => {
    const env = fakeObserver()
    const element = island()
    const load = vi.fn()
    const cancel = whenNeeded(element, load, env)
    cancel()
    element.dispatchEvent(new Event('focusin'))
    element.dispatchEvent(new Event('pointerenter'))
    env.intersect(false)
    env.intersect(true)
    expect(load).not.toHaveBeenCalled()
  })
})
