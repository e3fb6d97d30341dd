import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { ForbiddenError } from '../../domain/errors/access.ts'
import { keyPermissions, ROLE_PERMISSIONS } from '../../domain/permissions.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import type { Session } from '../sessions/sessions.ts'
import type { Actor } from './authorize.ts'
import { roleIn } from './members.ts'

/** A signed-in wallet acts with its role's permissions. */
export const actorOfSession = (session: Session, clientIp: string): Actor => ({
  address: session.address,
  member: session.member,
  role: session.role,
  permissions: ROLE_PERMISSIONS[session.role],
  clientIp,
})

/**
 * A key acts for its payee as the member who made it, in that member's role as it is now, within the
 * key's scopes. A key whose member has left acts for nobody.
 */
export async function actorOfKey(db: Db, key: ApiKeyRow, clientIp: string): Promise<Actor> {
  const payee = getAddress(key.payee)
  const member = getAddress(key.createdBy ?? key.payee)
  const role = await roleIn(db, payee, member)
  if (role === null)
    throw new ForbiddenError({
      shortMessage: 'The member who made this API key is no longer in this business: the key acts for nobody.',
    })
  return {
    address: payee,
    member,
    role,
    permissions: keyPermissions(role, key.scopes),
    clientIp,
    apiKey: { id: key.id, scopes: key.scopes },
  }
}
