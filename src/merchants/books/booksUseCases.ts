import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { fiatCurrencies, fiatCurrency } from '../../domain/currencies.ts'
import { BadUserInputError, badInput } from '../../domain/errors/input.ts'
import { numberPatternProblem } from '../../domain/invoice/invoiceNumber.ts'
import {
  accountingSettingsOf,
  checkAccountingSettings,
  setAccountingSettings,
} from '../../payments/books/accountingSettings.ts'
import { receivedInBooks, receivedInBooksByDay } from '../../payments/books/receivedInBooks.ts'
import { setCreditNoteNumbering } from '../../payments/creditNotes/creditNoteNumbering.ts'
import { reportingCurrencyOf, setReportingCurrency } from '../../payments/repository/payeeSettings.ts'
import { monthRange, statementLines } from '../../payments/repository/statement.ts'
import { checkRequestFilter, type RawRequestFilter } from '../../payments/requestFilter.ts'
import type { Actor } from '../business/authorize.ts'
import { defineUseCase } from '../business/useCase.ts'

type Filtered = { filter?: RawRequestFilter | null }

/** The dashboard's received total in the business's books currency; null until it keeps one. */
export const readReceivedInBooks = defineUseCase({
  action: 'myReceivedInBooks',
  permission: 'books:read',
  run: async (actor: Actor, { db }: { db: Db }, { filter }: Filtered) => {
    const currency = await reportingCurrencyOf(db, actor.address)
    if (!currency) return null
    const checked = checkRequestFilter(filter ?? {})
    return { currency, ...(await receivedInBooks(db, actor.address, checked, currency.code)) }
  },
})

/** The same per UTC day; empty until the business keeps books in a currency. */
export const readReceivedInBooksByDay = defineUseCase({
  action: 'myReceivedInBooksByDay',
  permission: 'books:read',
  run: async (actor: Actor, { db }: { db: Db }, { filter }: Filtered) => {
    const currency = await reportingCurrencyOf(db, actor.address)
    if (!currency) return []
    return receivedInBooksByDay(db, actor.address, checkRequestFilter(filter ?? {}), currency)
  },
})

export const readReportingCurrency = defineUseCase({
  action: 'myReportingCurrency',
  permission: 'books:read',
  run: async (actor: Actor, { db }: { db: Db }) => (await reportingCurrencyOf(db, actor.address))?.code ?? null,
})

/** A month's payments and refunds valued in the business's books currency, and their total. */
export const readStatement = defineUseCase({
  action: 'myStatement',
  permission: 'books:read',
  run: async (actor: Actor, { db }: { db: Db }, { month }: { month: string }) => {
    const range = monthRange(month)
    if (!range) throw badInput('month', 'must be a month as YYYY-MM, e.g. "2026-11".')
    const currency = await reportingCurrencyOf(db, actor.address)
    if (!currency)
      throw new BadUserInputError({
        field: 'currency',
        shortMessage: 'Choose the currency your books are kept in (Settings) first.',
      })
    const payee = getAddress(actor.address)
    const [lines, inBooks] = await Promise.all([
      statementLines(db, payee, currency.code, range),
      receivedInBooks(db, payee, range, currency.code),
    ])
    return { month, currency, lines, inBooks }
  },
})

/** The currency the business keeps books in: every payment of theirs is valued in it at its block. */
export const chooseReportingCurrency = defineUseCase({
  action: 'setReportingCurrency',
  permission: 'books:configure',
  audited: () => null,
  run: async (actor: Actor, { db }: { db: Db }, { currency }: { currency: string }) => {
    const chosen = fiatCurrency(currency.trim().toUpperCase())
    if (!chosen) throw badInput('currency', `must be one of ${fiatCurrencies.map((c) => c.code).join(', ')}.`)
    await setReportingCurrency(db, actor.address, chosen)
    return chosen.code
  },
})

export const readAccountingSettings = defineUseCase({
  action: 'myAccountingSettings',
  permission: 'books:read',
  run: (actor: Actor, { db }: { db: Db }) => accountingSettingsOf(db, actor.address),
})

/** The settings as a client sends them: each account by its role, empty for the chart's default. */
type AccountingSettingsInput = Omit<Parameters<typeof checkAccountingSettings>[0], 'accounts'> & {
  accounts: readonly { role: string; account?: string | null }[]
}

/** How the accounting exports are booked: the chart, the DATEV numbers, the fiscal year, the accounts. */
export const configureAccounting = defineUseCase({
  action: 'setAccountingSettings',
  permission: 'books:configure',
  audited: () => null,
  run: async (actor: Actor, { db }: { db: Db }, { input }: { input: AccountingSettingsInput }) => {
    const settings = checkAccountingSettings({
      ...input,
      accounts: Object.fromEntries(input.accounts.map((a) => [a.role, a.account])),
    })
    await setAccountingSettings(db, actor.address, settings)
    return settings
  },
})

/** How credit notes are numbered: in a sequence of their own by a pattern, or in the invoices'. */
export const numberCreditNotes = defineUseCase({
  action: 'setCreditNoteNumbering',
  permission: 'books:configure',
  audited: () => null,
  run: async (
    actor: Actor,
    { db }: { db: Db },
    { numbering, pattern }: { numbering: string; pattern?: string | null },
  ) => {
    if (numbering !== 'own' && numbering !== 'shared')
      throw new BadUserInputError({
        field: 'numbering',
        shortMessage: 'Numbering must be "own" (a sequence of its own) or "shared" (the invoices’).',
      })
    const problem = pattern == null ? undefined : numberPatternProblem(pattern.trim())
    if (problem) throw new BadUserInputError({ field: 'pattern', shortMessage: problem })
    return setCreditNoteNumbering(db, actor.address, numbering, pattern?.trim())
  },
})
