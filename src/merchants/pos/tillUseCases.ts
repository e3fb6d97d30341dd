import type { PublicClient } from 'viem'
import type { Session } from '../sessions/sessions.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import type { TillDraft } from '../../domain/pos/tillDraft.ts'
import { chargeSale, type SaleInput, type SaleServices } from './chargeSale.ts'
import { dayReport } from './dayReport.ts'
import { authorizeSale, authorizeTillList, authorizeTillManagement, authorizeTodayReport } from './tillAccess.ts'
import { activateTill, listTills, prepareTill } from './tills.ts'

// What a transport calls: each use case authorises its caller (tillAccess.ts) and then acts.

export type TillOffer = { assets: readonly Asset[]; quotable: readonly Asset[]; currencies: readonly string[] }

export const prepareTillFor = (
  services: { db: SaleServices['db']; box: SecretBox },
  session: Session,
  draft: TillDraft,
  offer: TillOffer,
) => prepareTill(services.db, services.box, authorizeTillManagement(session), draft, offer)

export const activateTillFor = (
  db: SaleServices['db'],
  client: PublicClient,
  session: Session,
  id: string,
  signature: string,
) => activateTill(db, client, authorizeTillManagement(session), id, signature)

export const tillsOf = (db: SaleServices['db'], session: Session) => listTills(db, authorizeTillList(session))

/** The till's screen: the till, if the caller may sell at it. */
export const tillForSale = async (db: SaleServices['db'], session: Session, tillId: string) =>
  (await authorizeSale(db, session, tillId)).till

export const sellAtTill = async (services: SaleServices, session: Session, tillId: string, input: SaleInput) =>
  chargeSale(services, await authorizeSale(services.db, session, tillId), input)

export const todayReportOf = async (
  db: SaleServices['db'],
  assets: readonly Asset[],
  session: Session,
  tillId: string,
  span: { from: Date; to: Date },
) => dayReport(db, await authorizeTodayReport(db, session, tillId), assets, span)
