/**
 * A code-split module, fetched at the first call and shared by every later one. A failed load
 * (a dropped connection) is not remembered: the next call tries again.
 */
export function lazyImport<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
}
