import { eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { accountingSettings } from '../../db/schema.ts'
import { fieldErrors } from '../../domain/errors/input.ts'
import {
  ACCOUNT_ROLES,
  CHARTS,
  DEFAULT_ACCOUNTS,
  type AccountRole,
  type Chart,
} from '../../domain/books/chartOfAccounts.ts'

/** How a payee's exports are booked; every field has a default until they set it. */
export type AccountingSettings = {
  chart: Chart
  /** DATEV Beraternummer (1001–9999999) and Mandantennummer (1–99999): placeholders until set. */
  consultantNumber: number
  clientNumber: number
  /** The month (1–12) the fiscal year starts in. */
  fiscalYearStart: number
  /** Digits of a general ledger account (Sachkontenlänge), 4 to 8. */
  accountLength: number
  /** The accounts the payee set instead of the chart's, by role. */
  accounts: Partial<Record<AccountRole, string>>
}

export const DEFAULT_SETTINGS: AccountingSettings = {
  chart: 'SKR03',
  consultantNumber: 1001,
  clientNumber: 1,
  fiscalYearStart: 1,
  accountLength: 4,
  accounts: {},
}

/** The payee's settings, or the defaults before they set any. */
export async function accountingSettingsOf(db: Db, payee: string): Promise<AccountingSettings> {
  const [row] = await db
    .select()
    .from(accountingSettings)
    .where(eq(accountingSettings.address, getAddress(payee)))
  if (!row) return DEFAULT_SETTINGS
  const { chart, consultantNumber, clientNumber, fiscalYearStart, accountLength, accounts } = row
  return { chart, consultantNumber, clientNumber, fiscalYearStart, accountLength, accounts }
}

/**
 * The account a role books to: the payee's own, else the chart's padded with zeros to the account
 * length (DATEV writes 8400 as 84000 in a five-digit ledger); `own` says which, since a payee's
 * account is taken to have no automatic tax.
 */
export function accountFor(settings: AccountingSettings, role: AccountRole): { account: string; own: boolean } {
  const own = settings.accounts[role]
  if (own) return { account: own, own: true }
  return { account: DEFAULT_ACCOUNTS[settings.chart][role].padEnd(settings.accountLength, '0'), own: false }
}

/** Settings as a payee sends them, checked: every wrong field named at once. */
export function checkAccountingSettings(input: {
  chart: string
  consultantNumber: number
  clientNumber: number
  fiscalYearStart: number
  accountLength: number
  accounts: Partial<Record<string, string | null | undefined>>
}): AccountingSettings {
  const errors: Record<string, string | undefined> = {}
  const chart = CHARTS.find((c) => c === input.chart)
  if (!chart) errors.chart = `chart must be ${CHARTS.join(' or ')}.`
  if (!Number.isInteger(input.consultantNumber) || input.consultantNumber < 1001 || input.consultantNumber > 9_999_999)
    errors.consultantNumber = 'consultantNumber must be a DATEV consultant number from 1001 to 9999999.'
  if (!Number.isInteger(input.clientNumber) || input.clientNumber < 1 || input.clientNumber > 99_999)
    errors.clientNumber = 'clientNumber must be a DATEV client number from 1 to 99999.'
  if (!Number.isInteger(input.fiscalYearStart) || input.fiscalYearStart < 1 || input.fiscalYearStart > 12)
    errors.fiscalYearStart = 'fiscalYearStart must be the month the fiscal year starts in, 1 to 12.'
  const length = input.accountLength
  if (!Number.isInteger(length) || length < 4 || length > 8)
    errors.accountLength = 'accountLength must be from 4 to 8 digits.'
  const accounts: Partial<Record<AccountRole, string>> = {}
  for (const [role, raw] of Object.entries(input.accounts)) {
    const value = raw?.trim()
    if (!value) continue
    if (!ACCOUNT_ROLES.includes(role as AccountRole)) errors[`accounts.${role}`] = `${role} is not an account role.`
    else if (!new RegExp(`^\\d{${length}}$`).test(value))
      errors[`accounts.${role}`] = `accounts.${role} must be an account number of ${length} digits, got "${value}".`
    else accounts[role as AccountRole] = value
  }
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  return {
    chart: chart!,
    consultantNumber: input.consultantNumber,
    clientNumber: input.clientNumber,
    fiscalYearStart: input.fiscalYearStart,
    accountLength: length,
    accounts,
  }
}

/** Keeps a payee's checked settings. */
export async function setAccountingSettings(db: Db, payee: string, settings: AccountingSettings): Promise<void> {
  const row = { address: getAddress(payee), ...settings, updatedAt: new Date() }
  await db.insert(accountingSettings).values(row).onConflictDoUpdate({ target: accountingSettings.address, set: row })
}
