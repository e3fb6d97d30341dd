import type { PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import type { Actor } from './authorize.ts'
import {
  authoriseMemberDelegate,
  memberDelegateOf,
  prepareMemberDelegate,
  revokeMemberDelegate,
  verifyMemberDelegate,
  workingMemberDelegate,
} from './memberDelegate.ts'
import { defineUseCase } from './useCase.ts'

// The delegate that signs what members make: the owner prepares it, their wallet authorises it.

export const readMemberDelegate = defineUseCase({
  action: 'memberDelegate',
  permission: 'members:manage',
  run: async (actor: Actor, { db }: { db: Db }) => (await memberDelegateOf(db, actor.address)) ?? null,
})

/** Whether the delegate signs for the members now: what a member makes (a schedule, a request) needs it. */
export const readMemberDelegateSigns = defineUseCase({
  action: 'memberDelegateSigns',
  permission: 'schedules:read',
  run: async (actor: Actor, { db }: { db: Db }) => (await workingMemberDelegate(db, actor.address)) !== undefined,
})

export const prepareDelegate = defineUseCase({
  action: 'prepareMemberDelegate',
  permission: 'members:manage',
  audited: (_, key) => key.id,
  run: (actor: Actor, { db, delegateKeys }: { db: Db; delegateKeys: SecretBox }) =>
    prepareMemberDelegate(db, delegateKeys, actor.address),
})

export const authoriseDelegate = defineUseCase({
  action: 'authoriseMemberDelegate',
  permission: 'members:manage',
  audited: ({ id }) => id,
  prepare: (
    actor: Actor,
    { db, client }: { db: Db; client: PublicClient },
    { id, delegationSignature }: { id: string; delegationSignature: string },
  ) => verifyMemberDelegate(db, client, actor.address, id, delegationSignature),
  run: (actor, { db }, { id, delegationSignature }) =>
    authoriseMemberDelegate(db, actor.address, id, delegationSignature),
})

export const revokeDelegate = defineUseCase({
  action: 'revokeMemberDelegate',
  permission: 'members:manage',
  audited: (_, key) => key.id,
  run: (actor: Actor, { db }: { db: Db }) => revokeMemberDelegate(db, actor.address),
})
