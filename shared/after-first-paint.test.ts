import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { afterFirstPaintHashSource, afterFirstPaintLoaderText } from './after-first-paint.ts'

describe('the loader of the pages’ scripts', () => {
  it('is admitted by the hash of its exact text', () => {
    const digest = createHash('sha256').update(afterFirstPaintLoaderText).digest('base64')
    expect(afterFirstPaintHashSource).toBe(`'sha256-${digest}'`)
  })

  it('is plain script text that cannot end its element early', () => {
    expect(() => new Function(afterFirstPaintLoaderText)).not.toThrow()
    expect(afterFirstPaintLoaderText).not.toMatch(/<\/script/i)
  })
})
