import type { Address, PublicClient } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import type { Asset } from '../domain/paymentRequest.ts'
import type { SecretBox } from '../secrets/secretBox.ts'
import type { Actor } from './business/authorize.ts'
import { defineUseCase } from './business/useCase.ts'
import {
  activatePaymentLink,
  disablePaymentLink,
  listPaymentLinks,
  preparePaymentLink,
  verifyPaymentLinkSignature,
  type PaymentLinkDraft,
} from './paymentLinks.ts'

/** What a link is made with: its delegate's keys, the assets offered, and those a priced link may take. */
export type PaymentLinkServices = {
  db: Db
  delegateKeys: SecretBox
  assets: readonly Asset[]
  quotable: readonly Asset[]
}

export const listLinks = defineUseCase({
  action: 'myPaymentLinks',
  permission: 'links:read',
  run: (actor: Actor, { db }: { db: Db }) => listPaymentLinks(db, actor.address),
})

/** Step one: the link and its delegate, waiting for the business's wallet to sign the delegation. */
export const prepareLink = defineUseCase({
  action: 'preparePaymentLink',
  permission: 'links:manage',
  audited: (_, { link }) => link.id,
  run: async (actor: Actor, { db, delegateKeys, assets, quotable }: PaymentLinkServices, draft: PaymentLinkDraft) => {
    const { link, key } = await preparePaymentLink(db, delegateKeys, assets, actor.address, draft, quotable)
    return { link, delegate: key.delegate, expiresAt: key.delegationExpiresAt }
  },
})

/** Step two: with the delegation signed, the link works. */
export const activateLink = defineUseCase({
  action: 'createPaymentLink',
  permission: 'links:manage',
  audited: ({ id }) => id,
  prepare: (
    actor: Actor,
    { db, client }: { db: Db; client: PublicClient },
    { id, delegationSignature }: { id: string; delegationSignature: string },
  ) => verifyPaymentLinkSignature(db, client, actor.address as Address, id, delegationSignature),
  run: (_, { db }, { delegationSignature }, link) => activatePaymentLink(db, link, delegationSignature),
})

export const disableLink = defineUseCase({
  action: 'disablePaymentLink',
  permission: 'links:manage',
  audited: ({ id }) => id,
  run: (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => disablePaymentLink(db, actor.address, id),
})
