import { describe, expect, it } from 'vitest'
import { activeChains, assetsOf, chainProfiles } from './chains.ts'

describe('chains as data', () => {
  it('knows the dev chain and Ethereum, Base, Arbitrum, Optimism and Polygon with their USDC', () => {
    expect(chainProfiles.map((p) => [p.chain.id, p.chain.nativeCurrency.symbol, p.usdc.decimals])).toEqual([
      [31337, 'ETH', 6],
      [1, 'ETH', 6],
      [8453, 'ETH', 6],
      [42161, 'ETH', 6],
      [10, 'ETH', 6],
      [137, 'POL', 6],
    ])
    expect(chainProfiles.find((p) => p.chain.id === 31337)!.confirmations).toBe(1)
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

  it('offers the native coin and USDC on each active chain', () => {
    const assets = assetsOf(activeChains({ 31337: 'http://127.0.0.1:8545' }))
    expect(assets.map((a) => [a.symbol, a.decimals, a.address === 'native'])).toEqual([
      ['ETH', 18, true],
      ['USDC', 6, false],
    ])
  })
})
