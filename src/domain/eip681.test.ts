import { describe, expect, it } from 'vitest'
import { paymentUri } from './eip681.ts'

const payee = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'

describe('EIP-681 payment URIs', () => {
  it('ask for a token transfer of exact base units on the chain', () => {
    expect(paymentUri({ chainId: 8453, asset: usdc, payee, amount: 12_340_000n })).toBe(
      `ethereum:${usdc}@8453/transfer?address=${payee}&uint256=12340000`,
    )
  })

  it('ask for the native coin in wei, written out in full', () => {
    expect(paymentUri({ chainId: 1, asset: 'native', payee, amount: 10n ** 18n })).toBe(
      `ethereum:${payee}@1?value=1000000000000000000`,
    )
  })

  it('refuse an amount of zero', () => {
    expect(() => paymentUri({ chainId: 1, asset: 'native', payee, amount: 0n })).toThrow('amount')
  })
})
