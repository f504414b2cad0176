import { describe, expect, it, vi } from 'vitest'
import { whenNeeded } from './island.ts'

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

const island = () => new EventTarget() as unknown as HTMLElement

describe('loading the form when it is needed', () => {
  it('waits while the form is far from the viewport', () => {
    const env = fakeObserver()
    const load = vi.fn()
    whenNeeded(island(), load, env)
    env.intersect(false)
    expect(load).not.toHaveBeenCalled()
  })

  it('loads once the form nears the viewport, and only once', () => {
    const env = fakeObserver()
    const element = island()
    const load = vi.fn()
    whenNeeded(element, load, env)
    env.intersect(true)
    element.dispatchEvent(new Event('focusin'))
    env.intersect(true)
    expect(load).toHaveBeenCalledTimes(1)
    expect(env.instances[0]).toMatchObject({ disconnected: true })
  })

  it.each(['focusin', 'pointerdown'])('loads on %s, before it is seen', (type) => {
    const env = fakeObserver()
    const element = island()
    const load = vi.fn()
    whenNeeded(element, load, env)
    element.dispatchEvent(new Event(type))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('loads straight away where IntersectionObserver is missing', () => {
    const load = vi.fn()
    whenNeeded(island(), load, {})
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('can be cancelled', () => {
    const env = fakeObserver()
    const element = island()
    const load = vi.fn()
    const cancel = whenNeeded(element, load, env)
    cancel()
    element.dispatchEvent(new Event('focusin'))
    env.intersect(true)
    expect(load).not.toHaveBeenCalled()
  })
})
