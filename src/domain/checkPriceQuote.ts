import { isAddressEqual, recoverTypedDataAddress, zeroAddress, type Address, type Client, type Hex } from 'viem'
import { readContract } from 'viem/actions'
import { aggregatorAbi } from './aggregatorAbi.ts'
import { fiatCurrency } from './currencies.ts'
import { priceQuoteTypedData, type PriceQuoteTerms } from './priceQuote.ts'
import { ONE_USD, tokenAmountForPrice, type UsdRate } from './money.ts'

/** Why a quote is not to be believed, for the pay page to say. */
export type QuoteProblem = 'signer' | 'currency' | 'round' | 'amount'

/**
 * Checks a quote as a payer can, without trusting the server: it was signed by `delegate`, and the
 * feeds themselves, read at the rounds the quote names (`getRoundData`), give the same amount.
 */
export async function checkPriceQuote(
  client: Client,
  {
    terms,
    signature,
    delegate,
    tokenDecimals,
  }: { terms: PriceQuoteTerms; signature: Hex; delegate: Address; tokenDecimals: number },
): Promise<{ ok: true; tokenUsd: UsdRate; currencyUsd: UsdRate } | { ok: false; problem: QuoteProblem }> {
  const signer = await recoverTypedDataAddress({ ...priceQuoteTypedData(terms), signature }).catch(() => zeroAddress)
  if (!isAddressEqual(signer, delegate)) return { ok: false, problem: 'signer' }
  const currency = fiatCurrency(terms.currency)
  if (!currency || (terms.currency === 'USD') !== (terms.currencyFeed === null))
    return { ok: false, problem: 'currency' }
  const rate = async (feed: Address, round: bigint): Promise<UsdRate> => {
    const [decimals, [, answer]] = await Promise.all([
      readContract(client, { address: feed, abi: aggregatorAbi, functionName: 'decimals' }),
      readContract(client, { address: feed, abi: aggregatorAbi, functionName: 'getRoundData', args: [round] }),
    ])
    return { answer, decimals }
  }
  const rates = await Promise.all([
    rate(terms.tokenFeed, terms.tokenRound),
    terms.currencyFeed ? rate(terms.currencyFeed, terms.currencyRound) : ONE_USD,
  ]).catch(() => undefined)
  if (!rates || rates.some((r) => r.answer <= 0n)) return { ok: false, problem: 'round' }
  const [tokenUsd, currencyUsd] = rates
  const amount = tokenAmountForPrice({ priceMinor: terms.price, currency, currencyUsd, tokenUsd, tokenDecimals })
  return amount === terms.amount ? { ok: true, tokenUsd, currencyUsd } : { ok: false, problem: 'amount' }
}
