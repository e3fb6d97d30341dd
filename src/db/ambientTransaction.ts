import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db } from './database.ts'

type Scope = { tx: Db; open: boolean }
const scopes = new AsyncLocalStorage<Scope>()
const HANDLE = Symbol('handle')

/**
 * The database handle every part of the server holds: while `inTransaction` runs in this async
 * context, its statements go into that transaction, whichever part issues them (a store's own
 * handle, a NOTIFY, which then reaches other servers at commit). PGlite has one connection, so a
 * statement outside an open transaction would wait for it forever. After the transaction ends,
 * work it left behind runs on the database again.
 */
export function withAmbientTransaction(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const scope = scopes.getStore()
      const handle = scope?.open ? scope.tx : target
      if (property === HANDLE) return handle
      const value: unknown = Reflect.get(handle, property)
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(handle) : value
    },
  })
}

/** The handle `db` stands for here and now (the open transaction's, or the database's): what a statement prepared once per handle is keyed by. */
export const currentHandle = (db: Db): Db => (db as unknown as Record<symbol, Db | undefined>)[HANDLE] ?? db

/** Runs `work` in one transaction that every handle made by `withAmbientTransaction` joins: all of it commits, or none. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => {
    const scope: Scope = { tx: tx as unknown as Db, open: true }
    return scopes.run(scope, async () => {
      try {
        return await work(scope.tx)
      } finally {
        scope.open = false
      }
    })
  })
}
