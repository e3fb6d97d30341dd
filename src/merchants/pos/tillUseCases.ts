import type { PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { badInput } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import type { TillDraft } from '../../domain/pos/tillDraft.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import type { Actor } from '../business/authorize.ts'
import { defineUseCase } from '../business/useCase.ts'
import { priceSale, recordSale, type SaleInput, type SaleServices } from './chargeSale.ts'
import { dayReport } from './dayReport.ts'
import { ownWorkingTill } from './tillAccess.ts'
import { activateTill, createKeyTill, createMemberTill, listTills, prepareTill, verifyTillSignature } from './tills.ts'

// Tills are set up by the owner or an admin (tills:manage), sold on by a cashier (sales:sell) and
// reported on by whoever reads the day's sales (sales:readToday).

export type TillOffer = { assets: readonly Asset[]; quotable: readonly Asset[]; currencies: readonly string[] }
type TillSetUp = { draft: TillDraft; offer: TillOffer }

/** The business's working tills, to open one and sell: the till screen's list. */
export const tillsToSellAt = defineUseCase({
  action: 'myTills',
  permission: 'sales:sell',
  run: (actor: Actor, { db }: { db: Db }) => listTills(db, actor.address),
})

/** The same list for a shop's server that reads the tills' reports (REST). */
export const tillsToReportOn = defineUseCase({
  action: 'tills',
  permission: 'sales:readToday',
  run: (actor: Actor, { db }: { db: Db }) => listTills(db, actor.address),
})

/** The till's screen: the till, if it is the business's and sells. */
export const tillToSellAt = defineUseCase({
  action: 'till',
  permission: 'sales:sell',
  run: async (actor: Actor, { db }: { db: Db }, { id }: { id: string }) =>
    (await ownWorkingTill(db, actor.address, id)).till,
})

/** Step one of a till the owner's wallet authorises: its terms and its own delegate, waiting for the signature. */
export const prepareTillOf = defineUseCase({
  action: 'prepareTill',
  permission: 'tills:manage',
  audited: (_, { till }) => till.id,
  run: (actor: Actor, { db, box }: { db: Db; box: SecretBox }, { draft, offer }: TillSetUp) =>
    prepareTill(db, box, actor.address, draft, offer),
})

/** Step two: with the delegation signed, the till sells. */
export const activateTillOf = defineUseCase({
  action: 'createTill',
  permission: 'tills:manage',
  audited: ({ id }) => id,
  prepare: (
    actor: Actor,
    { db, client }: { db: Db; client: PublicClient },
    { id, delegationSignature }: { id: string; delegationSignature: string },
  ) => verifyTillSignature(db, client, actor.address, id, delegationSignature),
  run: (_, { db }, { delegationSignature }, till) => activateTill(db, till, delegationSignature),
})

/** A member sets up a till in one step, signed by the members' delegate; the owner signs a till's own delegation instead. */
export const createMemberTillOf = defineUseCase({
  action: 'createMemberTill',
  permission: 'tills:manage',
  audited: (_, till) => till.id,
  run: (actor: Actor, { db }: { db: Db }, { draft, offer }: TillSetUp) => {
    if (actor.role === 'owner')
      throw badInput(
        'role',
        "is the owner's: the business's wallet signs a till's delegation (prepareTill, then createTill).",
      )
    return createMemberTill(db, actor.address, actor.member, draft, offer)
  },
})

/** A shop's server sets up a till with its key (REST): its sales are signed as the key's requests are. */
export const createKeyTillOf = defineUseCase({
  action: 'createTill',
  permission: 'tills:manage',
  audited: (_, till) => till.id,
  run: (_actor: Actor, { db }: { db: Db }, { key, draft, offer }: TillSetUp & { key: ApiKeyRow }) =>
    createKeyTill(db, key, draft, offer),
})

/** Charges a sale at one of the business's tills, recorded as the acting member's. */
export const sellAtTill = defineUseCase({
  action: 'chargeSale',
  permission: 'sales:sell',
  audited: ({ tillId }) => tillId,
  // The rate and the chain's head are read before the transaction; the till is found working again inside it.
  prepare: async (actor: Actor, services: SaleServices, { tillId, sale }: { tillId: string; sale: SaleInput }) =>
    priceSale(services, (await ownWorkingTill(services.db, actor.address, tillId)).till, sale),
  run: async (actor, services, { tillId }, priced) =>
    recordSale(services, (await ownWorkingTill(services.db, actor.address, tillId)).key, priced, actor.member),
})

/** A till's sales between two instants (the cashier's day) and the sums of the paid ones. */
export const tillReportOf = defineUseCase({
  action: 'tillReport',
  permission: 'sales:readToday',
  run: async (
    actor: Actor,
    { db, assets }: { db: Db; assets: readonly Asset[] },
    { id, from, to }: { id: string; from: Date; to: Date },
  ) => dayReport(db, (await ownWorkingTill(db, actor.address, id)).till, assets, { from, to }),
})
