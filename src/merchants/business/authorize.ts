import { ForbiddenError } from '../../domain/errors/access.ts'
import { can, SCOPE_PERMISSIONS, type Permission, type Role } from '../../domain/permissions.ts'
import type { ApiKeyScope } from '../../domain/delegation.ts'

/** Someone acting for a business: the business (payee), the wallet, its role there. */
export type Actor = { address: string; member: string; role: Role }

/** FORBIDDEN unless the actor's role holds `permission`; the one check every use case makes. */
export function requirePermission<A extends Actor>(actor: A, permission: Permission): A {
  if (!can(actor.role, permission))
    throw new ForbiddenError({
      shortMessage: `As ${actor.role} of this business you may not do this (it needs ${permission}).`,
    })
  return actor
}

/** FORBIDDEN when a key with `scopes` could do what the actor's role may not. */
export function requireScopes(actor: Actor, scopes: readonly ApiKeyScope[]): void {
  for (const scope of scopes)
    if (!can(actor.role, SCOPE_PERMISSIONS[scope]))
      throw new ForbiddenError({
        field: 'scopes',
        shortMessage: `As ${actor.role} of this business you may not make a key with the ${scope} scope.`,
      })
}
