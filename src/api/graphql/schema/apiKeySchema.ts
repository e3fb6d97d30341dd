import { DEFAULT_DELEGATION_DAYS } from '../../../domain/delegation.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'
import { findApiKey, type ApiKeyRow } from '../../../merchants/apiKeys.ts'
import { authoriseKey, listKeys, makeKey, revokeKey } from '../../../merchants/apiKeyUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { linkTitleOfKey } from '../../../merchants/paymentLinks.ts'

const DelegationToSign = builder.objectRef<ApiKeyRow>('DelegationToSign').implement({
  description:
    "What the payee's wallet signs to authorise a key: the EIP-712 `Delegation` message (domain Billfold, version 1).",
  fields: (t) => ({
    payee: t.exposeString('payee'),
    delegate: t.exposeString('delegate'),
    keyName: t.exposeString('name'),
    expiresAt: t.expose('delegationExpiresAt', { type: 'DateTime' }),
  }),
})

export const ApiKey = builder.objectRef<ApiKeyRow>('ApiKey').implement({
  description:
    "A merchant server's key: acts as its payee within its scopes; its delegate signs the requests it makes.",
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    scopes: t.exposeStringList('scopes'),
    secretPrefix: t.string({
      description: 'The first characters of the secret, to tell keys apart.',
      resolve: (k) => k.secretPrefix ?? '',
    }),
    delegate: t.exposeString('delegate', { description: 'The address that signs requests made with this key.' }),
    delegationSignature: t.exposeString('delegationSignature', {
      nullable: true,
      description: "The payee's EIP-712 signature authorising the delegate; null until signed.",
    }),
    delegationExpiresAt: t.expose('delegationExpiresAt', { type: 'DateTime' }),
    authorisedAt: t.expose('activatedAt', {
      type: 'DateTime',
      nullable: true,
      description: "When the payee's wallet signed the delegation; until then the key makes no requests.",
    }),
    delegation: t.field({
      type: DelegationToSign,
      description: 'What the payee signs to authorise the key (authoriseApiKey).',
      resolve: (k) => k,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
})

const CreatedApiKey = builder.objectRef<{ row: ApiKeyRow; secret: string }>('CreatedApiKey').implement({
  fields: (t) => ({
    apiKey: t.field({ type: ApiKey, resolve: (c) => c.row }),
    secret: t.string({
      description: 'Shown this once: only a hash is kept. Send it as "Authorization: Bearer <secret>".',
      resolve: (c) => c.secret,
    }),
  }),
})

/** Who issued a request made with an API key, and the payee's authorisation, for the pay page to check and show. */
const RequestIssuer = builder.objectRef<ApiKeyRow>('RequestIssuer').implement({
  fields: (t) => ({
    keyName: t.exposeString('name'),
    delegate: t.exposeString('delegate'),
    delegationSignature: t.string({ resolve: (k) => k.delegationSignature ?? '' }),
    delegationExpiresAt: t.expose('delegationExpiresAt', { type: 'DateTime' }),
    authorisedAt: t.field({
      type: 'DateTime',
      description: 'When the payee signed the delegation.',
      resolve: (k) => k.activatedAt ?? k.createdAt,
    }),
    linkTitle: t.string({
      nullable: true,
      description: "When a payment link made the request: the link's title, the product a payer came to pay for.",
      resolve: async (k, _, ctx) => (await linkTitleOfKey(ctx.db, k.id)) ?? null,
    }),
    revokedAt: t.expose('revokedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Set when the payee revoked the key later: requests it made before stay valid.',
    }),
  }),
})

builder.objectField(PaymentRequest, 'issuer', (t) =>
  t.field({
    type: RequestIssuer,
    nullable: true,
    description:
      "For a request a merchant's server made: the key whose delegate signed it. Null when the payee's own wallet signed.",
    resolve: async (r, _, ctx) => {
      if (!r.issuedByKeyId) return null
      return (await findApiKey(ctx.db, r.issuedByKeyId)) ?? null
    },
  }),
)

/** The chain a contract payee's delegation signature (ERC-1271) is checked on: the first offered. */
export const delegationClient = (ctx: ApiContext) => ctx.network.clients.values().next().value!

builder.queryFields((t) => ({
  myApiKeys: t.field({
    type: [ApiKey],
    description: "The signed-in payee's API keys, newest first, revoked ones included.",
    ...runs(listKeys),
    resolve: async (_, __, ctx) => listKeys(await ctx.actor(), { db: ctx.db }),
  }),
}))

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreatedApiKey,
    description:
      'A key for a merchant’s server; its secret is returned this once. It reads requests and manages webhooks at once; it makes requests once the payee’s wallet has signed its delegation (authoriseApiKey). It acts in the role of the member who made it, within its scopes.',
    args: {
      name: t.arg.string({ required: true }),
      scopes: t.arg.stringList({ required: true }),
      expiresAt: t.arg({
        type: 'DateTime',
        required: false,
        description: `When the delegation ends. Default: in ${DEFAULT_DELEGATION_DAYS} days.`,
      }),
    },
    ...runs(makeKey),
    resolve: async (_, args, ctx) =>
      makeKey(await ctx.actor(), { db: ctx.db, delegateKeys: ctx.merchants.secrets.delegateKeys }, args),
  }),
  authoriseApiKey: t.field({
    type: ApiKey,
    description:
      'The payee’s EIP-712 signature of the key’s `delegation`: from now on the key’s delegate signs requests for the payee.',
    args: { id: t.arg.string({ required: true }), delegationSignature: t.arg.string({ required: true }) },
    ...runs(authoriseKey),
    resolve: async (_, args, ctx) =>
      authoriseKey(
        await ctx.actor(),
        { db: ctx.db, apiKeys: ctx.merchants.apiKeys, client: delegationClient(ctx) },
        args,
      ),
  }),
  revokeApiKey: t.field({
    type: ApiKey,
    description: 'Revokes a key at once: it makes no more requests; those it made stay payable.',
    args: { id: t.arg.string({ required: true }) },
    ...runs(revokeKey),
    resolve: async (_, args, ctx) => revokeKey(await ctx.actor(), { db: ctx.db, apiKeys: ctx.merchants.apiKeys }, args),
  }),
}))
