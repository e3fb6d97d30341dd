import { useEffect, useState } from 'react'

/**
 * A module kept out of the first load and fetched right after it, without Suspense: React.lazy
 * suspends on its first render even when the code has arrived, and React then holds the revealed
 * content back for up to 300 ms. The hook gives the module once loaded, undefined before.
 */
export function deferredModule<T>(load: () => Promise<T>): () => T | undefined {
  let loaded: T | undefined
  const loading = load().then((module) => (loaded = module))
  return function useDeferredModule() {
    const [, setArrived] = useState(loaded !== undefined)
    useEffect(() => {
      if (loaded === undefined) void loading.then(() => setArrived(true))
    }, [])
    return loaded
  }
}
