/** A currency a request can be priced in: its ISO 4217 code and how many decimals its minor unit has. */
export type FiatCurrency = { code: string; minorDigits: number }

/**
 * The currencies Billfold prices in: those Chainlink publishes against USD on the chains it offers
 * (USD itself needs no feed). A price is an integer count of the currency's minor units (cents; yen).
 */
export const fiatCurrencies: readonly FiatCurrency[] = [
  { code: 'USD', minorDigits: 2 },
  { code: 'EUR', minorDigits: 2 },
  { code: 'GBP', minorDigits: 2 },
  { code: 'JPY', minorDigits: 0 },
  { code: 'CHF', minorDigits: 2 },
  { code: 'AUD', minorDigits: 2 },
  { code: 'CAD', minorDigits: 2 },
]

export const fiatCurrency = (code: string): FiatCurrency | undefined => fiatCurrencies.find((c) => c.code === code)
