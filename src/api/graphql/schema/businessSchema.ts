import type { Address } from 'viem'
import { builder } from '../builder.ts'
import { Viewer } from './viewerSchema.ts'
import { sessionCookie } from '../../auth/sessionCookie.ts'
import { badInput } from '../../../domain/errors/input.ts'
import { ForbiddenError } from '../../../domain/errors/access.ts'
import { recordAudit, type AuditEntry } from '../../../merchants/business/auditLog.ts'
import { acceptInvitation, findUsableInvitation, type Invitation } from '../../../merchants/business/invitations.ts'
import { businessesOf, readMemberAddress, roleIn, type Member } from '../../../merchants/business/members.ts'
import {
  changeRole,
  inviteMember,
  listInvitations,
  listMembersOf,
  readAuditLog,
  removeMemberOf,
  withdrawInvitationOf,
} from '../../../merchants/business/memberUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { actForBusiness, createSession } from '../../../merchants/sessions/sessions.ts'
import type { Role } from '../../../domain/permissions.ts'

const BusinessMembership = builder.objectRef<{ business: Address; role: Role }>('BusinessMembership').implement({
  description: 'A business the signed-in wallet may act for, and its role there.',
  fields: (t) => ({ business: t.exposeString('business'), role: t.exposeString('role') }),
})

const MemberRef = builder.objectRef<Member>('Member').implement({
  description: 'A wallet of the business in its role; the owner is the business’s own wallet.',
  fields: (t) => ({
    member: t.exposeString('member'),
    role: t.exposeString('role'),
    addedAt: t.expose('addedAt', { type: 'DateTime', nullable: true }),
  }),
})

const PendingInvitation = builder.objectRef<Invitation>('Invitation').implement({
  description: 'An invitation link not yet accepted: whoever signs it becomes a member in its role.',
  fields: (t) => ({
    id: t.exposeString('id'),
    business: t.exposeString('business'),
    role: t.exposeString('role'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
})

const CreatedInvitation = builder
  .objectRef<{ id: string; token: string; expiresAt: Date }>('CreatedInvitation')
  .implement({
    description: 'A new invitation; its token is shown this once and goes in the link /join/<token>.',
    fields: (t) => ({
      id: t.exposeString('id'),
      token: t.exposeString('token'),
      expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    }),
  })

const AuditEntryRef = builder.objectRef<AuditEntry>('AuditEntry').implement({
  description: 'Who did what for the business, when and from where.',
  fields: (t) => ({
    id: t.string({ resolve: (e) => String(e.id) }),
    actor: t.exposeString('actor', { description: 'The wallet that acted.' }),
    role: t.exposeString('role'),
    action: t.exposeString('action', { description: 'The operation, as the API names it (signIn, prepareRefund, …).' }),
    objectId: t.exposeString('objectId', { nullable: true }),
    clientIp: t.exposeString('clientIp'),
    at: t.expose('at', { type: 'DateTime' }),
  }),
})

builder.queryFields((t) => ({
  myBusinesses: t.field({
    type: [BusinessMembership],
    description: 'The businesses the signed-in wallet may act for: its own first.',
    resolve: async (_, __, ctx) => businessesOf(ctx.db, (await ctx.signedIn()).member),
  }),
  members: t.field({
    type: [MemberRef],
    description: 'The business’s owner and members.',
    ...runs(listMembersOf),
    resolve: async (_, __, ctx) => listMembersOf(await ctx.actor(), { db: ctx.db }),
  }),
  invitations: t.field({
    type: [PendingInvitation],
    description: 'The business’s invitations still open.',
    ...runs(listInvitations),
    resolve: async (_, __, ctx) => listInvitations(await ctx.actor(), { db: ctx.db }),
  }),
  invitation: t.field({
    type: PendingInvitation,
    description: 'What an invitation link offers, for its invitee to sign; INVITATION_INVALID once it cannot be used.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_, { token }, ctx) => findUsableInvitation(ctx.db, token),
  }),
  auditLog: t.field({
    type: [AuditEntryRef],
    description: 'The business’s audit log, newest first; `before` is an entry’s id to page from.',
    args: { first: t.arg.int({ required: false }), before: t.arg.string({ required: false }) },
    ...runs(readAuditLog),
    resolve: async (_, args, ctx) => readAuditLog(await ctx.actor(), { db: ctx.reads }, args),
  }),
}))

builder.mutationFields((t) => ({
  inviteMember: t.field({
    type: CreatedInvitation,
    description: 'An invitation link for one wallet to join in `role` (admin, accountant, cashier or developer).',
    args: { role: t.arg.string({ required: true }) },
    ...runs(inviteMember),
    resolve: async (_, args, ctx) => inviteMember(await ctx.actor(), { db: ctx.db }, args),
  }),
  withdrawInvitation: t.boolean({
    args: { id: t.arg.string({ required: true }) },
    ...runs(withdrawInvitationOf),
    resolve: async (_, args, ctx) => {
      await withdrawInvitationOf(await ctx.actor(), { db: ctx.db }, args)
      return true
    },
  }),
  changeMemberRole: t.boolean({
    args: { member: t.arg.string({ required: true }), role: t.arg.string({ required: true }) },
    ...runs(changeRole),
    resolve: async (_, args, ctx) => {
      await changeRole(await ctx.actor(), { db: ctx.db, sessions: ctx.sessions }, args)
      return true
    },
  }),
  removeMember: t.int({
    description:
      'Takes a member out of the business and signs them out of it on every server; how many sessions ended.',
    args: { member: t.arg.string({ required: true }) },
    ...runs(removeMemberOf),
    resolve: async (_, args, ctx) => removeMemberOf(await ctx.actor(), { db: ctx.db, sessions: ctx.sessions }, args),
  }),
  acceptInvitation: t.field({
    type: Viewer,
    description:
      'Joins the business with the invitee’s EIP-712 signature of the `Invitation` (domain Billfold, version 1) and signs them in acting for it.',
    args: {
      token: t.arg.string({ required: true }),
      member: t.arg.string({ required: true }),
      chainId: t.arg.int({ required: true }),
      signature: t.arg.string({ required: true }),
    },
    resolve: async (_, args, ctx) => {
      const client = ctx.siwe.clients.get(args.chainId)
      if (!client) throw badInput('chainId', 'is not a chain this Billfold offers.')
      const member = readMemberAddress(args.member)
      const { business, role } = await acceptInvitation(ctx.db, { ...args, member, client })
      const opened = await createSession(ctx.db, {
        address: member,
        chainId: args.chainId,
        ttlMs: ctx.auth.sessionTtlMs,
        business,
      })
      ctx.setCookie(sessionCookie(opened.token, { expiresAt: opened.expiresAt, secure: ctx.auth.secureCookies }))
      const actor = { address: business, member, role }
      await recordAudit(ctx.db, actor, { action: 'acceptInvitation', objectId: member, clientIp: ctx.clientIp })
      return { ...actor, chainId: args.chainId, createdAt: new Date(), expiresAt: opened.expiresAt }
    },
  }),
  actForBusiness: t.field({
    type: Viewer,
    description: 'Makes this session act for `business` (one of myBusinesses; the wallet’s own when omitted).',
    args: { business: t.arg.string({ required: false }) },
    resolve: async (_, args, ctx) => {
      const session = await ctx.signedIn()
      const business = args.business ? readMemberAddress(args.business) : session.member
      const role = await roleIn(ctx.db, business, session.member)
      if (!role)
        throw new ForbiddenError({ field: 'business', shortMessage: 'This wallet is not a member of that business.' })
      await actForBusiness(ctx.db, ctx.sessionToken!, business === session.member ? null : business)
      await ctx.sessions.forget(session.member)
      const actor = { address: business, member: session.member, role }
      await recordAudit(ctx.db, actor, { action: 'signIn', clientIp: ctx.clientIp })
      return { ...session, ...actor }
    },
  }),
}))
