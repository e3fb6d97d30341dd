import type { PublicClient } from 'viem'
import { badInput } from '../../domain/errors/input.ts'
import type { Actor } from '../business/authorize.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import type { TillDraft } from '../../domain/pos/tillDraft.ts'
import { chargeSale, type SaleInput, type SaleServices } from './chargeSale.ts'
import { dayReport } from './dayReport.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import {
  authorizeKeyReport,
  authorizeKeySale,
  authorizeKeyTillList,
  authorizeKeyTillManagement,
  authorizeSale,
  authorizeTillList,
  authorizeTillManagement,
  authorizeTodayReport,
} from './tillAccess.ts'
import { activateTill, createKeyTill, createMemberTill, listTills, prepareTill } from './tills.ts'

// What a transport calls: each use case authorises its caller (tillAccess.ts) and then acts.

export type TillOffer = { assets: readonly Asset[]; quotable: readonly Asset[]; currencies: readonly string[] }

export const prepareTillFor = (
  services: { db: SaleServices['db']; box: SecretBox },
  session: Actor,
  draft: TillDraft,
  offer: TillOffer,
) => prepareTill(services.db, services.box, authorizeTillManagement(session), draft, offer)

/** A member with tills:manage sets up a till in one step, signed by the members' delegate; the owner signs a till's own delegation instead. */
export function createTillFor(db: SaleServices['db'], session: Actor, draft: TillDraft, offer: TillOffer) {
  const payee = authorizeTillManagement(session)
  if (session.role === 'owner')
    throw badInput(
      'role',
      "is the owner's: the business's wallet signs a till's delegation (prepareTill, then createTill).",
    )
  return createMemberTill(db, payee, session.member, draft, offer)
}

export const activateTillFor = (
  db: SaleServices['db'],
  client: PublicClient,
  session: Actor,
  id: string,
  signature: string,
) => activateTill(db, client, authorizeTillManagement(session), id, signature)

export const tillsOf = (db: SaleServices['db'], session: Actor) => listTills(db, authorizeTillList(session))

/** The till's screen: the till, if the caller may sell at it. */
export const tillForSale = async (db: SaleServices['db'], session: Actor, tillId: string) =>
  (await authorizeSale(db, session, tillId)).till

export const sellAtTill = async (services: SaleServices, session: Actor, tillId: string, input: SaleInput) =>
  chargeSale(services, await authorizeSale(services.db, session, tillId), input)

export const todayReportOf = async (
  db: SaleServices['db'],
  assets: readonly Asset[],
  session: Actor,
  tillId: string,
  span: { from: Date; to: Date },
) => dayReport(db, await authorizeTodayReport(db, session, tillId), assets, span)

// The same for a shop's server with an API key (REST): the key's scopes stand for the permissions.

export const tillsOfKey = (db: SaleServices['db'], key: ApiKeyRow) => listTills(db, authorizeKeyTillList(key))

export const createTillWithKey = (db: SaleServices['db'], key: ApiKeyRow, draft: TillDraft, offer: TillOffer) =>
  createKeyTill(db, authorizeKeyTillManagement(key), draft, offer)

export const sellAtTillWithKey = async (services: SaleServices, key: ApiKeyRow, tillId: string, input: SaleInput) =>
  chargeSale(services, await authorizeKeySale(services.db, key, tillId), input)

export const reportWithKey = async (
  db: SaleServices['db'],
  assets: readonly Asset[],
  key: ApiKeyRow,
  tillId: string,
  span: { from: Date; to: Date },
) => dayReport(db, await authorizeKeyReport(db, key, tillId), assets, span)
