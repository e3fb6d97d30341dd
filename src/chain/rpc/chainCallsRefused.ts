import { AsyncLocalStorage } from 'node:async_hooks'

const refusedFor = new AsyncLocalStorage<string>()

/**
 * Runs `work` with every chain call made from it refused, saying `why`: a database transaction that
 * waits on an RPC answer holds PGlite's one connection (every other statement of the server) or a
 * PostgreSQL connection for as long as the provider takes.
 */
export const refuseChainCalls = <T>(why: string, work: () => Promise<T>): Promise<T> => refusedFor.run(why, work)

/** Throws when the caller runs inside `refuseChainCalls`: before any chain call is made. */
export function assertChainCallAllowed(chainId: number, method: string) {
  const why = refusedFor.getStore()
  if (why !== undefined) throw new Error(`${method} was asked of chain ${chainId} ${why}: ask the chain before it.`)
}
