import type { Db } from '../../db/createDatabase.ts'
import { badInput } from '../../domain/errors/input.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import type { Actor } from './authorize.ts'
import { requireMemberDelegate } from './memberDelegate.ts'

// Who signs the delegation behind what runs on its own (a schedule, a plan): the owner's wallet, or
// for a member the members' delegate the owner authorised, as for a member's requests.

/** The owner's signature of what their wallet authorises; required. */
export function ownerSignature(signature: string | null | undefined, what: string): string {
  if (!signature)
    throw badInput('delegationSignature', `is required: sign the ${what}'s delegation with the business's wallet.`)
  return signature
}

/** For a member: the members' delegate that signs, or DELEGATION_MISSING; the member's own signature is refused. */
export async function memberSigner(db: Db, actor: Actor, signature: string | null | undefined): Promise<ApiKeyRow> {
  if (signature)
    throw badInput(
      'delegationSignature',
      "must be left out: what a member makes is signed by the business's members' delegate, not by the member's wallet.",
    )
  return requireMemberDelegate(db, actor.address, 'delegationSignature')
}
