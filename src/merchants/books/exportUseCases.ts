import type { Chain, PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { accountingSettingsOf } from '../../payments/books/accountingSettings.ts'
import { bookLines } from '../../payments/books/bookLines.ts'
import { invoicesIssued } from '../../payments/books/invoicesIssued.ts'
import { relayFeeValuer } from '../../payments/books/relayFeeValue.ts'
import { reportingCurrencyOf } from '../../payments/repository/payeeSettings.ts'
import { paymentsForExport, requestsForExport } from '../../payments/repository/requestListing.ts'
import { checkRequestFilter, type RawRequestFilter } from '../../payments/requestFilter.ts'
import { unmatchedForExport } from '../../payments/unmatchedTransfers.ts'
import { listRelays } from '../../relayer/listRelays.ts'
import { auditForExport } from '../business/auditLog.ts'
import type { Actor } from '../business/authorize.ts'
import { defineUseCase } from '../business/useCase.ts'

/**
 * The exports' reads: each export route runs one, so the permission an export needs is declared here
 * and the route only writes the file. Reads, not audited.
 */
type Read = { db: Db }

export const exportRequests = defineUseCase({
  action: 'exportRequests',
  permission: 'books:read',
  run: async (actor: Actor, { db }: Read, { filter }: { filter: RawRequestFilter }) =>
    requestsForExport(db, actor.address, checkRequestFilter(filter)),
})

/** The payments with their value in the books' currency, when the business keeps one. */
export const exportPayments = defineUseCase({
  action: 'exportPayments',
  permission: 'books:read',
  run: async (actor: Actor, { db }: Read, { filter }: { filter: RawRequestFilter }) => {
    const checked = checkRequestFilter(filter)
    const currency = await reportingCurrencyOf(db, actor.address)
    return { currency, rows: await paymentsForExport(db, actor.address, checked, currency?.code) }
  },
})

export const exportUnmatched = defineUseCase({
  action: 'exportUnmatched',
  permission: 'books:read',
  run: async (actor: Actor, { db }: Read) => unmatchedForExport(db, actor.address),
})

export const exportRelays = defineUseCase({
  action: 'exportRelays',
  permission: 'books:read',
  run: async (actor: Actor, { db }: Read) => listRelays(db, actor.address),
})

/** The audit log is the owner's to read, and so to export. */
export const exportAudit = defineUseCase({
  action: 'exportAudit',
  permission: 'audit:read',
  run: async (actor: Actor, { db }: Read) => auditForExport(db, actor.address),
})

export type BooksNetwork = {
  chainOf(chainId: number): Chain | undefined
  clientOf(chainId: number): PublicClient | undefined
  assets: readonly Asset[]
}

/**
 * What an accounting program's file is made of: the invoices issued in the period, or the books'
 * lines valued in the business's books currency (with its DATEV settings).
 */
export const exportAccounting = defineUseCase({
  action: 'exportAccounting',
  permission: 'books:read',
  run: async (
    actor: Actor,
    { db, network }: Read & { network: BooksNetwork },
    { of, range }: { of: 'invoices' | 'lines'; range: { from: Date; to: Date } },
  ) => {
    if (of === 'invoices') return { of, invoices: await invoicesIssued(db, actor.address, range) }
    const currency = await reportingCurrencyOf(db, actor.address)
    if (!currency)
      throw new BadUserInputError({
        field: 'currency',
        shortMessage: 'Choose the currency your books are kept in (Settings) first.',
      })
    const [lines, settings] = await Promise.all([
      bookLines(db, actor.address, currency, range, relayFeeValuer(network, currency)),
      accountingSettingsOf(db, actor.address),
    ])
    return { of, currency, lines, settings }
  },
})
