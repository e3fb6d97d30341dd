import type { Db } from '../../db/createDatabase.ts'
import { badInput } from '../../domain/errors/input.ts'
import { can } from '../../domain/permissions.ts'
import { cancelOpenSalesOf } from '../pos/memberSales.ts'
import type { SessionStore } from '../sessions/sessionStore.ts'
import { listAudit } from './auditLog.ts'
import type { Actor } from './authorize.ts'
import { createInvitation, pendingInvitations, withdrawInvitation } from './invitations.ts'
import { changeMemberRole, listMembers, readMemberAddress, readMemberRole } from './members.ts'
import { removeMember } from './removeMember.ts'
import { defineUseCase } from './useCase.ts'

// The business's people and its audit log: only its owner (members:manage, audit:read).

export type MemberServices = { db: Db; sessions: Pick<SessionStore, 'forget'> }

export const listMembersOf = defineUseCase({
  action: 'members',
  permission: 'members:manage',
  run: (actor: Actor, { db }: { db: Db }) => listMembers(db, actor.address),
})

export const listInvitations = defineUseCase({
  action: 'invitations',
  permission: 'members:manage',
  run: (actor: Actor, { db }: { db: Db }) => pendingInvitations(db, actor.address),
})

/** An invitation link for one wallet to join in `role`; its token is answered this once. */
export const inviteMember = defineUseCase({
  action: 'inviteMember',
  permission: 'members:manage',
  audited: (_, { id }) => id,
  run: (actor: Actor, { db }: { db: Db }, { role }: { role: string }) =>
    createInvitation(db, { business: actor.address, role: readMemberRole(role), createdBy: actor.member }),
})

export const withdrawInvitationOf = defineUseCase({
  action: 'withdrawInvitation',
  permission: 'members:manage',
  audited: ({ id }) => id,
  run: (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => withdrawInvitation(db, actor.address, id),
})

/**
 * A member's new role, in force at once on every server: their sessions are read afresh, and a role
 * that no longer sells ends the sales they left waiting at the tills.
 */
export const changeRole = defineUseCase({
  action: 'changeMemberRole',
  permission: 'members:manage',
  audited: ({ member }) => readMemberAddress(member),
  run: async (actor: Actor, { db }: MemberServices, input: { member: string; role: string }) => {
    const member = readMemberAddress(input.member)
    const role = readMemberRole(input.role)
    await db.transaction(async (tx) => {
      await changeMemberRole(tx, actor.address, member, role)
      if (!can(role, 'sales:sell')) await cancelOpenSalesOf(tx, actor.address, member)
    })
  },
  // Other servers are told once the change is committed: before, they could read the old role again.
  afterCommit: async (_, { sessions }: MemberServices, input) => {
    await sessions.forget(readMemberAddress(input.member))
  },
})

/** Takes a member out and signs them out of the business everywhere; how many sessions ended. */
export const removeMemberOf = defineUseCase({
  action: 'removeMember',
  permission: 'members:manage',
  audited: ({ member }) => readMemberAddress(member),
  run: (actor: Actor, { db }: MemberServices, input: { member: string }) =>
    removeMember(db, { business: actor.address, member: readMemberAddress(input.member) }),
  afterCommit: async (_, { sessions }: MemberServices, input, ended) => {
    await sessions.forget(readMemberAddress(input.member))
    return ended
  },
})

const readBefore = (before: string | null | undefined) => {
  if (before === null || before === undefined) return undefined
  if (!/^\d{1,15}$/.test(before)) throw badInput('before', 'must be the id of an audit entry.')
  return Number(before)
}

/** The audit log, newest first, `first` entries (1 to 200, 50 unless told) before the entry `before`. */
export const readAuditLog = defineUseCase({
  action: 'auditLog',
  permission: 'audit:read',
  run: (actor: Actor, { db }: { db: Db }, { first, before }: { first?: number | null; before?: string | null }) => {
    const count = first ?? 50
    if (count < 1 || count > 200) throw badInput('first', 'must be from 1 to 200.')
    return listAudit(db, actor.address, { first: count, before: readBefore(before) })
  },
})
