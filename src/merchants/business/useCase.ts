import { refuseChainCalls } from '../../chain/rpc/chainCallsRefused.ts'
import type { Db } from '../../db/createDatabase.ts'
import type { Permission } from '../../domain/permissions.ts'
import { recordAudit } from './auditLog.ts'
import { requirePermission, type Actor } from './authorize.ts'

/**
 * What a use case declares beside its function: its name in the audit log, the permission it needs,
 * and whether it records an audit entry (a change does).
 */
export type UseCaseRule = { action: string; permission: Permission; audited?: boolean }

/** A use case run for an actor: it checks the actor first and records its own audit entry for a change. */
export type UseCase<S extends { db: Db }, I, R> = ((actor: Actor, services: S, input: I) => Promise<R>) & {
  readonly rule: UseCaseRule
}

/**
 * Declares a use case with its rule beside it. The returned function refuses an actor without the
 * permission before anything runs. A change (`audited`) runs in one database transaction with its
 * audit entry (who did it, to what, when and from where), whichever transport called it: both are
 * written or neither. Its `run` gets the transaction as the services' `db` and must reach the
 * database through it alone: on PGlite's single connection, any other handle waits for the
 * transaction to end, so a change's outside calls (chain reads, signature checks on chain, quotes)
 * go in `prepare`, which runs after the permission check and before the transaction, with the
 * services as passed; its result is handed to `run`. A lagging RPC then holds no transaction,
 * and a failing one writes nothing; a chain call `run` makes is refused before it is sent. What
 * cannot be undone or must be seen only once committed (a broadcast, a notice to other servers) goes in
 * `afterCommit`, which gets the services as passed and the committed result, and returns the
 * result the caller sees (a session store's `forget`, whose NOTIFY on PGlite goes through another
 * handle, belongs there too). A read (no `audited`) runs as it is, outside a transaction.
 */
export function defineUseCase<S extends { db: Db }, R, I = void, P = undefined>(spec: {
  action: string
  permission: Permission
  /** For a change: the id of what it was made to, for the audit entry (null when nothing names it). */
  audited?: (input: I, result: R) => string | null
  /** For a change a retry may find made already (an idempotency key's replay): true when this call changed nothing, so it records nothing. */
  unchanged?: (result: R) => boolean
  prepare?: (actor: Actor, services: S, input: I) => Promise<P>
  run: (actor: Actor, services: S, input: I, prepared: P) => Promise<R>
  afterCommit?: (actor: Actor, services: S, input: I, result: R) => Promise<R>
}): UseCase<S, I, R> {
  const { action, permission, audited, unchanged, prepare, run, afterCommit } = spec
  const useCase = async (actor: Actor, services: S, input: I) => {
    requirePermission(actor, permission)
    const prepared = (prepare ? await prepare(actor, services, input) : undefined) as P
    if (!audited) return run(actor, services, input, prepared)
    const committed = await services.db.transaction(async (tx) => {
      const result = await refuseChainCalls(`inside the transaction of the change ${action}`, () =>
        run(actor, { ...services, db: tx }, input, prepared),
      )
      if (!unchanged?.(result))
        await recordAudit(tx, actor, { action, objectId: audited(input, result), clientIp: actor.clientIp })
      return result
    })
    return afterCommit ? afterCommit(actor, services, input, committed) : committed
  }
  return Object.assign(useCase, { rule: { action, permission, audited: audited !== undefined } })
}

/** Whether `value` is a use case declared with `defineUseCase`: the transports' safety net asks. */
export const isUseCase = (value: unknown): value is UseCase<{ db: Db }, unknown, unknown> =>
  typeof value === 'function' && typeof (value as { rule?: UseCaseRule }).rule?.permission === 'string'
