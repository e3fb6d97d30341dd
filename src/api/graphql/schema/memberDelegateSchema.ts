import type { ApiKeyRow } from '../../../merchants/apiKeys.ts'
import { requirePermission } from '../../../merchants/business/authorize.ts'
import {
  authoriseMemberDelegate,
  memberDelegateOf,
  prepareMemberDelegate,
  revokeMemberDelegate,
} from '../../../merchants/business/memberDelegate.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { delegationClient } from './apiKeySchema.ts'

const MemberDelegate = builder.objectRef<ApiKeyRow>('MemberDelegate').implement({
  description:
    "The delegate that signs what the business's members make (requests), authorised by the owner's wallet as an API key is. Sign its EIP-712 `Delegation` (domain Billfold, version 1) to authorise it.",
  fields: (t) => ({
    id: t.exposeString('id'),
    payee: t.exposeString('payee'),
    delegate: t.exposeString('delegate'),
    keyName: t.exposeString('name'),
    expiresAt: t.expose('delegationExpiresAt', { type: 'DateTime' }),
    authorisedAt: t.expose('activatedAt', {
      type: 'DateTime',
      nullable: true,
      description: "When the owner's wallet signed the delegation; until then it signs nothing.",
    }),
    revokedAt: t.expose('revokedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Set when the owner revoked it: members make nothing until another is authorised.',
    }),
  }),
})

const owner = async (ctx: ApiContext) => requirePermission(await ctx.actor(), 'members:manage').address

builder.queryFields((t) => ({
  memberDelegate: t.field({
    type: MemberDelegate,
    nullable: true,
    description: "The members' delegate in use (or the last one, revoked or expired); null before the first.",
    resolve: async (_, __, ctx) => (await memberDelegateOf(ctx.db, await owner(ctx))) ?? null,
  }),
}))

builder.mutationFields((t) => ({
  prepareMemberDelegate: t.field({
    type: MemberDelegate,
    description:
      "A new members' delegate, waiting for the owner's wallet to sign its delegation (authoriseMemberDelegate).",
    resolve: async (_, __, ctx) => prepareMemberDelegate(ctx.db, ctx.merchants.secrets.delegateKeys, await owner(ctx)),
  }),
  authoriseMemberDelegate: t.field({
    type: MemberDelegate,
    description:
      "With the owner's wallet's signature of its delegation, the delegate signs the members' requests; the one before is revoked.",
    args: { id: t.arg.string({ required: true }), delegationSignature: t.arg.string({ required: true }) },
    resolve: async (_, { id, delegationSignature }, ctx) =>
      authoriseMemberDelegate(ctx.db, delegationClient(ctx), await owner(ctx), id, delegationSignature),
  }),
  revokeMemberDelegate: t.field({
    type: MemberDelegate,
    description: "Stops the members' delegate: members make no requests until the owner authorises a new one.",
    resolve: async (_, __, ctx) => revokeMemberDelegate(ctx.db, await owner(ctx)),
  }),
}))
