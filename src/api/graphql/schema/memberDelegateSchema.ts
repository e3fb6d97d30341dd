import type { ApiKeyRow } from '../../../merchants/apiKeys.ts'
import {
  authoriseDelegate,
  prepareDelegate,
  readMemberDelegate,
  readMemberDelegateSigns,
  revokeDelegate,
} from '../../../merchants/business/memberDelegateUseCases.ts'
import { builder } from '../builder.ts'
import { runs } from '../runsUseCase.ts'
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

builder.queryFields((t) => ({
  memberDelegate: t.field({
    type: MemberDelegate,
    nullable: true,
    description: "The members' delegate in use (or the last one, revoked or expired); null before the first.",
    ...runs(readMemberDelegate),
    resolve: async (_, __, ctx) => readMemberDelegate(await ctx.actor(), { db: ctx.db }),
  }),
  memberDelegateSigns: t.boolean({
    description:
      "Whether the members' delegate signs now what the business's members make (authorised by the owner's wallet, neither revoked nor expired): a member's schedule or request needs it. For the members' screens, which may not read the delegate itself.",
    ...runs(readMemberDelegateSigns),
    resolve: async (_, __, ctx) => readMemberDelegateSigns(await ctx.actor(), { db: ctx.db }),
  }),
}))

builder.mutationFields((t) => ({
  prepareMemberDelegate: t.field({
    type: MemberDelegate,
    description:
      "A new members' delegate, waiting for the owner's wallet to sign its delegation (authoriseMemberDelegate).",
    ...runs(prepareDelegate),
    resolve: async (_, __, ctx) =>
      prepareDelegate(await ctx.actor(), { db: ctx.db, delegateKeys: ctx.merchants.secrets.delegateKeys }),
  }),
  authoriseMemberDelegate: t.field({
    type: MemberDelegate,
    description:
      "With the owner's wallet's signature of its delegation, the delegate signs the members' requests; the one before is revoked.",
    args: { id: t.arg.string({ required: true }), delegationSignature: t.arg.string({ required: true }) },
    ...runs(authoriseDelegate),
    resolve: async (_, args, ctx) =>
      authoriseDelegate(await ctx.actor(), { db: ctx.db, client: delegationClient(ctx) }, args),
  }),
  revokeMemberDelegate: t.field({
    type: MemberDelegate,
    description: "Stops the members' delegate: members make no requests until the owner authorises a new one.",
    ...runs(revokeDelegate),
    resolve: async (_, __, ctx) => revokeDelegate(await ctx.actor(), { db: ctx.db }),
  }),
}))
