import { verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { NATIVE_ASSET, type Asset } from './paymentRequest.ts'
import { checkPriceDraft, pricedRequestTypedData, type PriceDraft, type PricedRequestTerms } from './pricedRequest.ts'

const USDC = '0xb111f01db111f01db111f01db111f01db111f01d'
const quotable: Asset[] = [
  { chainId: 31337, address: NATIVE_ASSET, symbol: 'ETH', decimals: 18 },
  { chainId: 31337, address: '0xB111F01dB111F01dB111f01DB111F01dB111F01d', symbol: 'USDC', decimals: 6 },
]
const draft = (fields: Partial<PriceDraft>): PriceDraft => ({
  currency: 'EUR',
  price: '1500.00',
  acceptedAssets: [USDC, NATIVE_ASSET],
  tolerance: '0.5',
  ...fields,
})
const errorsOf = (fields: Partial<PriceDraft>) => {
  const result = checkPriceDraft(draft(fields), { quotable })
  return result.ok ? undefined : result.errors
}

describe('checkPriceDraft', () => {
  it('takes a price in a currency’s minor units, the accepted assets once each, the tolerance in basis points', () => {
    expect(
      checkPriceDraft(draft({ currency: 'eur', acceptedAssets: [USDC, NATIVE_ASSET, USDC] }), { quotable }),
    ).toEqual({
      ok: true,
      terms: {
        currency: 'EUR',
        price: 150000n,
        acceptedAssets: ['0xB111F01dB111F01dB111f01DB111F01dB111F01d', NATIVE_ASSET],
        toleranceBps: 50,
      },
    })
    const yen = checkPriceDraft(draft({ currency: 'JPY', price: '1000', tolerance: '' }), { quotable })
    expect(yen).toMatchObject({ ok: true, terms: { price: 1000n, toleranceBps: 0 } })
    expect(checkPriceDraft(draft({ tolerance: '5' }), { quotable })).toMatchObject({ terms: { toleranceBps: 500 } })
  })

  it('names the field and what is wrong, for each bad input', () => {
    expect(errorsOf({ currency: 'XYZ' })?.currency).toMatch(/currencies Billfold prices in: USD, EUR, GBP, JPY, CHF/)
    expect(errorsOf({ price: '0' })?.price).toBe('The price must be more than zero.')
    expect(errorsOf({ price: '12.345' })?.price).toBe('A price in EUR can have at most 2 decimal places.')
    expect(errorsOf({ currency: 'JPY', price: '1000.5' })?.price).toBe(
      'A price in JPY is a whole number: it has no smaller unit.',
    )
    expect(errorsOf({ price: '1e3' })?.price).toMatch(/^The price must be written out in full/)
    expect(errorsOf({ acceptedAssets: ['0x0000000000000000000000000000000000000bad'] })?.acceptedAssets).toMatch(
      /^0x0000000000000000000000000000000000000bad is not a token this network can price: choose among ETH, USDC/,
    )
    expect(errorsOf({ acceptedAssets: [] })?.acceptedAssets).toBe('Choose at least one token the payer may pay in.')
    expect(errorsOf({ tolerance: '5.01' })?.tolerance).toMatch(/^The tolerance can be at most 5 %/)
    expect(errorsOf({ tolerance: '-1' })?.tolerance).toBe('The tolerance cannot be below 0 %.')
    expect(errorsOf({ tolerance: 'half' })?.tolerance).toMatch(/^The tolerance must be a number/)
  })
})

describe('pricedRequestTypedData', () => {
  it('is what the payee signs: any change to the price, the assets or the tolerance breaks the signature', async () => {
    const payee = privateKeyToAccount(generatePrivateKey())
    const terms: PricedRequestTerms = {
      chainId: 31337,
      currency: 'EUR',
      price: 150000n,
      acceptedAssets: ['0xB111F01dB111F01dB111f01DB111F01dB111F01d', NATIVE_ASSET],
      toleranceBps: 50,
      payee: payee.address,
      payer: null,
      memo: 'Invoice 7',
      dueAt: new Date('2026-12-31T00:00:00Z'),
      reference: '0x0123456789abcdef0123456789abcdef',
    }
    const signature = await payee.signTypedData(pricedRequestTypedData(terms))
    const verify = (changed: PricedRequestTerms) =>
      verifyTypedData({ ...pricedRequestTypedData(changed), address: payee.address, signature })
    expect(await verify(terms)).toBe(true)
    expect(await verify({ ...terms, price: 140000n })).toBe(false)
    expect(await verify({ ...terms, acceptedAssets: [NATIVE_ASSET] })).toBe(false)
    expect(await verify({ ...terms, toleranceBps: 500 })).toBe(false)
    expect(await verify({ ...terms, currency: 'USD' })).toBe(false)
  })
})
