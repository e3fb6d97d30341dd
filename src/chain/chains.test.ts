import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { activeChains, assetsOf, chainProfiles } from './chains.ts'
import { chainFeedsOf } from './priceFeeds.ts'

describe('chains as data', () => {
  it('knows the three dev chains and Ethereum, Base, Arbitrum, Optimism and Polygon with their stablecoins', () => {
    expect(
      chainProfiles.map((p) => [p.chain.id, p.chain.nativeCurrency.symbol, p.tokens.map((t) => t.symbol)]),
    ).toEqual([
      [31337, 'ETH', ['USDC', 'EURC', 'USDT', 'DAI']],
      [84532, 'ETH', ['USDC', 'EURC', 'USDT', 'DAI']],
      [421614, 'ETH', ['USDC', 'EURC', 'USDT', 'DAI']],
      [1, 'ETH', ['USDC', 'EURC', 'USDT', 'DAI']],
      [8453, 'ETH', ['USDC', 'EURC', 'DAI']],
      [42161, 'ETH', ['USDC', 'USDT', 'DAI']],
      [10, 'ETH', ['USDC', 'USDT', 'DAI']],
      [137, 'POL', ['USDC', 'USDT', 'DAI']],
    ])
    expect(chainProfiles.find((p) => p.chain.id === 31337)!.confirmations).toBe(1)
  })

  it('describes each token as its contract is: checksummed, decimals, payment methods, signing domain, source', () => {
    for (const { chain, tokens } of chainProfiles)
      for (const token of tokens) {
        const where = `${token.symbol} on ${chain.id}`
        expect(token.address, where).toBe(getAddress(token.address))
        expect(token.decimals, where).toBe(token.symbol === 'DAI' ? 18 : 6)
        // Circle's FiatToken carries ERC-3009 everywhere; it is what a relayer can submit.
        const fiatToken = token.symbol === 'USDC' || token.symbol === 'EURC'
        expect(token.methods, where).toEqual(fiatToken ? ['token-transfer', 'erc3009'] : ['token-transfer'])
        expect(token.eip712 !== undefined, where).toBe(fiatToken || token.permit !== undefined)
        expect(token.source, where).not.toBe('')
      }
  })

  it('activates only the chains given an RPC, real networks first so a new request defaults to one', () => {
    const active = activeChains({
      31337: 'http://127.0.0.1:8545',
      8453: ['https://a.example/rpc', 'https://b.example/rpc'],
    })
    expect(active.map((c) => [c.chain.id, c.rpcUrls, c.chain.testnet === true])).toEqual([
      [8453, ['https://a.example/rpc', 'https://b.example/rpc'], false],
      [31337, ['http://127.0.0.1:8545'], true],
    ])
    expect(active[1]!.chain.rpcUrls.default.http[0]).toBe('http://127.0.0.1:8545')
  })

  it('runs the extra dev chains as dev chains of their own ids, after the dev chain, each at its own node', () => {
    const active = activeChains({
      421614: ['http://127.0.0.1:8547', 'ws://127.0.0.1:8547'],
      84532: ['http://127.0.0.1:8546', 'ws://127.0.0.1:8546'],
      31337: ['http://127.0.0.1:8545', 'ws://127.0.0.1:8545'],
    })
    expect(active.map((c) => [c.chain.id, c.chain.name, c.rpcUrls, c.wsUrl])).toEqual([
      [31337, 'Billfold dev chain', ['http://127.0.0.1:8545'], 'ws://127.0.0.1:8545'],
      [84532, 'Billfold dev chain (Base Sepolia id)', ['http://127.0.0.1:8546'], 'ws://127.0.0.1:8546'],
      [421614, 'Billfold dev chain (Arbitrum Sepolia id)', ['http://127.0.0.1:8547'], 'ws://127.0.0.1:8547'],
    ])
    expect(active[2]!.chain.rpcUrls.default.http[0]).toBe('http://127.0.0.1:8547')
    // Their setup puts the dev price feeds at the same addresses, so quotes work on each.
    for (const id of [84532, 421614]) expect(chainFeedsOf(id)).toBe(chainFeedsOf(31337))
  })

  it('offers the native coin and every stablecoin on each active chain', () => {
    const assets = assetsOf(activeChains({ 31337: 'http://127.0.0.1:8545' }))
    expect(assets.map((a) => [a.symbol, a.decimals, a.address === 'native'])).toEqual([
      ['ETH', 18, true],
      ['USDC', 6, false],
      ['EURC', 6, false],
      ['USDT', 6, false],
      ['DAI', 18, false],
    ])
  })
})
