import { describe, expect, it } from 'vitest'
import { chainProfiles } from '../../chain/chains.ts'
import { devTokens } from '../../chain/tokens.ts'
import { paymentMethodIds } from '../../domain/paymentMethods.ts'
import { methodById, paymentMethods, relayedMethodsOf, tokensReading } from './registry.ts'

describe('the payment methods registry', () => {
  it('has one method for each id every floor names, and knows every method a token lists', () => {
    expect(paymentMethods.map((m) => m.id)).toEqual([...paymentMethodIds])
    for (const { tokens } of chainProfiles)
      for (const token of tokens) for (const id of token.methods) expect(methodById(id).id).toBe(id)
    expect(() => methodById('permit2')).toThrow('Unknown payment method permit2')
  })

  it("has the watcher read the authorization logs of Circle's tokens only, and every token's transfer logs", () => {
    const symbolOf = (address: string) => devTokens.find((t) => t.address === address)!.symbol
    expect(tokensReading(devTokens, 'authorization-logs').map(symbolOf)).toEqual(['USDC', 'EURC'])
    expect(tokensReading(devTokens, 'transfer-logs').map(symbolOf)).toEqual(['USDC', 'EURC', 'USDT', 'DAI'])
    expect(tokensReading(devTokens, 'native-transfers')).toEqual([])
  })

  it('has the relayer send only what the payer signs: ERC-3009, for USDC and EURC', () => {
    expect(devTokens.map((t) => [t.symbol, relayedMethodsOf(t)])).toEqual([
      ['USDC', ['erc3009']],
      ['EURC', ['erc3009']],
      ['USDT', []],
      ['DAI', []],
    ])
    for (const method of paymentMethods) expect(method.relay !== undefined).toBe(method.payer.action === 'signature')
  })
})
