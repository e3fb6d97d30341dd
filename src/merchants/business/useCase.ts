import type { Db } from '../../db/createDatabase.ts'
import type { Permission } from '../../domain/permissions.ts'
import { recordAudit } from './auditLog.ts'
import { requirePermission, type Actor } from './authorize.ts'

/** What a use case declares beside its function: its name in the audit log and the permission it needs. */
export type UseCaseRule = { action: string; permission: Permission }

/** A use case run for an actor: it checks the actor first and records its own audit entry for a change. */
export type UseCase<S extends { db: Db }, I, R> = ((actor: Actor, services: S, input: I) => Promise<R>) & {
  readonly rule: UseCaseRule
}

/**
 * Declares a use case with its rule beside it. The returned function refuses an actor without the
 * permission before anything runs, and for a change (`audited`) records who did it, to what, when and
 * from where once it is made, whichever transport called it.
 */
export function defineUseCase<S extends { db: Db }, R, I = void>(spec: {
  action: string
  permission: Permission
  /** For a change: the id of what it was made to, for the audit entry (null when nothing names it). */
  audited?: (input: I, result: R) => string | null
  run: (actor: Actor, services: S, input: I) => Promise<R>
}): UseCase<S, I, R> {
  const { action, permission, audited, run } = spec
  const useCase = async (actor: Actor, services: S, input: I) => {
    requirePermission(actor, permission)
    const result = await run(actor, services, input)
    if (audited)
      await recordAudit(services.db, actor, {
        action,
        objectId: audited(input, result),
        clientIp: actor.clientIp,
      })
    return result
  }
  return Object.assign(useCase, { rule: { action, permission } })
}

/** Whether `value` is a use case declared with `defineUseCase`: the transports' safety net asks. */
export const isUseCase = (value: unknown): value is UseCase<{ db: Db }, unknown, unknown> =>
  typeof value === 'function' && typeof (value as { rule?: UseCaseRule }).rule?.permission === 'string'
