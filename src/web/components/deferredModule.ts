import { useEffect, useState } from 'react'

/**
 * A module kept out of the first load and fetched right after it, without Suspense: React.lazy
 * suspends on its first render even when the code has arrived, and React then holds the revealed
 * content back for up to 300 ms. The hook gives the module once loaded, undefined before.
 * `prefetch` says whether to fetch it at once; otherwise it is fetched when a component first
 * wants it (a payer's phone on a pay link need not download the payee's dashboard).
 */
export function deferredModule<T>(
  load: () => Promise<T>,
  { prefetch = () => true }: { prefetch?: () => boolean } = {},
): (wanted?: boolean) => T | undefined {
  let loaded: T | undefined
  let loading: Promise<T> | undefined
  const start = () => (loading ??= load().then((module) => (loaded = module)))
  if (prefetch()) void start()
  return function useDeferredModule(wanted = true) {
    const [, setArrived] = useState(loaded !== undefined)
    useEffect(() => {
      if (wanted && loaded === undefined) void start().then(() => setArrived(true))
    }, [wanted])
    return loaded
  }
}
