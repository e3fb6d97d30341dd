import type { PublicClient } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { DEFAULT_DELEGATION_DAYS } from '../domain/delegation.ts'
import type { SecretBox } from '../secrets/secretBox.ts'
import type { ApiKeyStore } from './apiKeyStore.ts'
import {
  activateDelegation,
  checkApiKeyDraft,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  verifyDelegation,
} from './apiKeys.ts'
import { requireScopes, type Actor } from './business/authorize.ts'
import { defineUseCase } from './business/useCase.ts'
import { createMemberApiKey } from './business/memberApiKey.ts'

/** API keys: made, authorised and revoked by whoever holds apiKeys:manage (owner, admin, developer). */
export type ApiKeyServices = { db: Db; apiKeys: ApiKeyStore; delegateKeys: SecretBox; client: PublicClient }

export const listKeys = defineUseCase({
  action: 'myApiKeys',
  permission: 'apiKeys:manage',
  run: (actor: Actor, { db }: { db: Db }) => listApiKeys(db, actor.address),
})

/** A key with scopes the actor's role holds all of; it acts in its maker's role within them. */
export const makeKey = defineUseCase({
  action: 'createApiKey',
  permission: 'apiKeys:manage',
  audited: (_, made) => made.row.id,
  run: async (
    actor: Actor,
    { db, delegateKeys }: Pick<ApiKeyServices, 'db' | 'delegateKeys'>,
    input: { name: string; scopes: readonly string[]; expiresAt?: Date | null },
  ) => {
    const draft = checkApiKeyDraft({
      name: input.name,
      scopes: input.scopes,
      expiresAt: input.expiresAt ?? new Date(Date.now() + DEFAULT_DELEGATION_DAYS * 86_400_000),
    })
    requireScopes(actor, draft.scopes)
    // A member's key has no delegation for the owner's wallet to sign: the members' delegate signs for it.
    if (actor.role !== 'owner') return createMemberApiKey(db, delegateKeys, actor, draft)
    return createApiKey(db, delegateKeys, actor.address, draft, actor.member)
  },
})

export const authoriseKey = defineUseCase({
  action: 'authoriseApiKey',
  permission: 'apiKeys:manage',
  audited: ({ id }) => id,
  prepare: (
    actor: Actor,
    { db, client }: Pick<ApiKeyServices, 'db' | 'apiKeys' | 'client'>,
    { id, delegationSignature }: { id: string; delegationSignature: string },
  ) => verifyDelegation(db, client, actor.address, id, delegationSignature),
  run: (_, { db }, { id, delegationSignature }) => activateDelegation(db, id, delegationSignature),
  afterCommit: (_, { apiKeys }, __, row) => apiKeys.changed(row),
})

export const revokeKey = defineUseCase({
  action: 'revokeApiKey',
  permission: 'apiKeys:manage',
  audited: ({ id }) => id,
  run: (actor: Actor, { db }: Pick<ApiKeyServices, 'db' | 'apiKeys'>, { id }: { id: string }) =>
    revokeApiKey(db, actor.address, id),
  // Revoked here and on every server once committed: before, another could read the key as valid again.
  afterCommit: (_, { apiKeys }, __, row) => apiKeys.changed(row),
})
