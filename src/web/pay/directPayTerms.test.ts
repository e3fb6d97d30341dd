import { describe, expect, it } from 'vitest'
import { directPayTerms } from './directPayTerms.ts'

const payee = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const devUsdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const baseSepoliaUsdc = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
const chains = [
  { chainId: 31337, asset: devUsdc, available: true },
  { chainId: 84532, asset: baseSepoliaUsdc, available: true },
]

describe('the plain transfer a payer from another wallet sends on the chain they pick', () => {
  it('names the picked chain and its token there, for what is still due', () => {
    const terms = directPayTerms({ payee, due: 1_750_000n, chains }, 84532)
    expect(terms).toEqual({
      chainId: 84532,
      token: baseSepoliaUsdc,
      available: true,
      uri: `ethereum:${baseSepoliaUsdc}@84532/transfer?address=${payee}&uint256=1750000`,
    })
    expect(directPayTerms({ payee, due: 1_750_000n, chains }, 31337).uri).toBe(
      `ethereum:${devUsdc}@31337/transfer?address=${payee}&uint256=1750000`,
    )
  })

  it('gives no URI on a chain where a transfer of that amount could not be told apart, though another chain has one', () => {
    const ambiguousOnBase = [chains[0]!, { ...chains[1]!, available: false }]
    expect(directPayTerms({ payee, due: 1_750_000n, chains: ambiguousOnBase }, 84532)).toMatchObject({
      chainId: 84532,
      available: false,
      uri: undefined,
    })
    expect(directPayTerms({ payee, due: 1_750_000n, chains: ambiguousOnBase }, 31337).available).toBe(true)
  })

  it('falls back to the request’s own chain for a chain it does not accept', () => {
    expect(directPayTerms({ payee, due: 5n, chains }, 1).chainId).toBe(31337)
  })

  it('asks for the native coin in wei on a chain where the request is in the coin', () => {
    const native = [{ chainId: 84532, asset: 'native', available: true }]
    expect(directPayTerms({ payee, due: 10n ** 18n, chains: native }, 84532).uri).toBe(
      `ethereum:${payee}@84532?value=1000000000000000000`,
    )
  })
})
