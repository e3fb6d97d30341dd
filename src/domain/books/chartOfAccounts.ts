/** The DATEV standard charts a payee books in. */
export const CHARTS = ['SKR03', 'SKR04'] as const
export type Chart = (typeof CHARTS)[number]

/**
 * What an account is for in Billfold's bookings: the crypto clearing account every payment comes into
 * and every refund and fee leaves from; revenue by the invoice's tax rate (19 %, 7 %, tax-free), or
 * plain revenue for a request without an invoice (its tax unknown); the relayer's fees; payouts
 * (what the payee paid out to others: Fremdleistungen, for the accountant to reassign).
 */
export const ACCOUNT_ROLES = [
  'clearing',
  'revenueStandard',
  'revenueReduced',
  'revenueTaxFree',
  'revenue',
  'fees',
  'payouts',
] as const
export type AccountRole = (typeof ACCOUNT_ROLES)[number]

/**
 * The charts' accounts for each role. The three taxed revenue accounts are DATEV automatic accounts
 * (the tax is derived from the account, so a line carries no tax key); plain revenue has no tax
 * function, so the accountant decides its tax.
 */
export const DEFAULT_ACCOUNTS: Record<Chart, Record<AccountRole, string>> = {
  SKR03: {
    clearing: '1360',
    revenueStandard: '8400',
    revenueReduced: '8300',
    revenueTaxFree: '8125',
    revenue: '8200',
    fees: '4970',
    payouts: '3100',
  },
  SKR04: {
    clearing: '1460',
    revenueStandard: '4400',
    revenueReduced: '4300',
    revenueTaxFree: '4125',
    revenue: '4200',
    fees: '6855',
    payouts: '5900',
  },
}

/** The revenue role of an invoice's tax rate (hundredths of a percent: 1900 is 19 %). */
export function revenueRole(taxRate: bigint | null): AccountRole {
  if (taxRate === 1900n) return 'revenueStandard'
  if (taxRate === 700n) return 'revenueReduced'
  if (taxRate === 0n) return 'revenueTaxFree'
  return 'revenue'
}

/**
 * DATEV's tax key (BU-Schlüssel) for revenue at a rate booked to an account without automatic tax:
 * 3 for 19 % and 2 for 7 % output tax; none for other rates.
 */
export function taxKey(taxRate: bigint | null): string {
  if (taxRate === 1900n) return '3'
  if (taxRate === 700n) return '2'
  return ''
}
