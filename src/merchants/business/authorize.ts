import type { Address } from 'viem'
import { ForbiddenError } from '../../domain/errors/access.ts'
import { can, scopeAllowed, type Permission, type Role } from '../../domain/permissions.ts'
import type { ApiKeyScope } from '../../domain/delegation.ts'

/**
 * Someone acting for a business, as a transport established it: the business (payee), the wallet,
 * its role there, what it may do, and where the call came from. A signed-in member holds its role's
 * permissions; an API key holds those of its member's role that its scopes stand for.
 */
export type Actor = {
  address: Address
  member: Address
  role: Role
  permissions: readonly Permission[]
  clientIp: string
  /** Set when a key acts: who the audit log names. */
  apiKey?: { id: string; scopes: readonly string[] }
}

/** FORBIDDEN unless the actor holds `permission`; the first step of every use case (useCase.ts). */
export function requirePermission<A extends Actor>(actor: A, permission: Permission): A {
  if (actor.permissions.includes(permission)) return actor
  if (actor.apiKey && can(actor.role, permission))
    throw new ForbiddenError({
      shortMessage: `This API key's scopes (${actor.apiKey.scopes.join(', ')}) do not allow this (it needs ${permission}). Create a key with the scope for it in Billfold.`,
    })
  throw new ForbiddenError({
    shortMessage: `As ${actor.role} of this business you may not do this (it needs ${permission}).`,
  })
}

/** FORBIDDEN when a key with `scopes` could do what the actor's role may not. */
export function requireScopes(actor: Actor, scopes: readonly ApiKeyScope[]): void {
  for (const scope of scopes)
    if (!scopeAllowed(actor.role, scope))
      throw new ForbiddenError({
        field: 'scopes',
        shortMessage: `As ${actor.role} of this business you may not make a key with the ${scope} scope.`,
      })
}
