import { describe, expect, it } from 'vitest'
import { missingProviderMethods } from './capabilityCheck.ts'
import { walletRegistry } from './registry/walletRegistry.ts'
import { walletOn } from './testing/fakeProvider.ts'
import type { DetectedWallet } from './types.ts'
import { buildWalletList } from './walletListing.ts'

function detected(name: string, rdns: string | undefined, provider: object = walletOn(1)): DetectedWallet {
  return {
    key: name,
    rdns,
    name,
    icon: undefined,
    source: 'eip6963',
    provider: provider as DetectedWallet['provider'],
    missingMethods: missingProviderMethods(provider),
  }
}

describe('buildWalletList', () => {
  it('bundles at least 15 popular wallets, each with an install link', () => {
    expect(walletRegistry.length).toBeGreaterThanOrEqual(15)
    for (const entry of walletRegistry) expect(entry.install.browser ?? entry.homepage).toMatch(/^https:\/\//)
    expect(new Set(walletRegistry.map((w) => w.rdns)).size).toBe(walletRegistry.length)
  })

  it('puts installed wallets first, then popular wallets, without listing an installed one twice', () => {
    const list = buildWalletList({
      detected: [detected('Rabby Wallet', 'io.rabby'), detected('Dev', 'app.billfold.devwallet')],
    })
    expect(list.slice(0, 2).map((i) => i.kind)).toEqual(['installed', 'installed'])
    expect(list.slice(2, 5).map((i) => i.name)).toEqual(['MetaMask', 'Coinbase Wallet', 'Trust Wallet'])
    expect(list.filter((i) => i.name === 'Rabby Wallet')).toHaveLength(1)
    expect(list).toHaveLength(2 + walletRegistry.length - 1)
  })

  it('leads with the last used wallet among installed ones, and before popular ones when not installed', () => {
    const installed = buildWalletList({
      detected: [detected('A', 'com.a'), detected('B', 'com.b')],
      lastUsedRdns: 'com.b',
    })
    expect(installed.slice(0, 2).map((i) => [i.name, i.lastUsed])).toEqual([
      ['B', true],
      ['A', false],
    ])
    const gone = buildWalletList({ detected: [detected('A', 'com.a')], lastUsedRdns: 'io.zerion.wallet' })
    expect(gone.slice(0, 3).map((i) => i.name)).toEqual(['A', 'Zerion', 'MetaMask'])
    expect(gone[1]!.lastUsed).toBe(true)
  })

  it('lists unsupported wallets after usable ones, marked unusable', () => {
    const list = buildWalletList({
      detected: [detected('Broken', 'com.broken', { on() {} }), detected('Good', 'com.good')],
    })
    expect(list.slice(0, 2).map((i) => [i.name, i.kind === 'installed' && i.usable])).toEqual([
      ['Good', true],
      ['Broken', false],
    ])
  })

  it('filters by name or identifier, case-insensitively', () => {
    const list = buildWalletList({
      detected: [detected('Billfold Dev Wallet', 'app.billfold.devwallet')],
      query: 'COIN',
    })
    expect(list.map((i) => i.name)).toEqual(['Coinbase Wallet'])
    expect(buildWalletList({ detected: [], query: 'io.metamask' }).map((i) => i.name)).toEqual(['MetaMask'])
    expect(buildWalletList({ detected: [], query: 'zzz-no-such-wallet' })).toEqual([])
  })
})
