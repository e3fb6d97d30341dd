import { mainnet } from 'viem/chains'
import { afterEach, beforeAll, vi } from 'vitest'
import { devChain } from '../../chain/chains.ts'
import { missingProviderMethods } from '../capabilityCheck.ts'
import type { DetectedWallet } from '../types.ts'
import { createWagmiConfig } from '../wagmiConfig.ts'
import { createWalletConnection, type ConnectionState, type WalletConnection } from '../walletConnection.ts'
import type { FakeProvider } from './fakeProvider.ts'

/** A connection over a scripted provider per test, destroyed after it; `window` exists, as in the browser. */
export function useWalletConnections() {
  let connection: WalletConnection | undefined
  // wagmi's injected connector only runs where a `window` exists, as in the browser.
  beforeAll(() => vi.stubGlobal('window', globalThis))
  afterEach(() => connection?.destroy())

  function setup(provider: FakeProvider | object) {
    const config = createWagmiConfig({ chains: [devChain(), mainnet] })
    connection = createWalletConnection({ config })
    const statuses: ConnectionState['status'][] = []
    connection.subscribe((s) => statuses.push(s.status))
    const wallet: DetectedWallet = {
      key: 'uuid-1',
      rdns: 'com.example.wallet',
      name: 'Test Wallet',
      icon: undefined,
      source: 'eip6963',
      provider: provider as DetectedWallet['provider'],
      missingMethods: missingProviderMethods(provider),
    }
    return { connection, wallet, statuses }
  }
  return { setup }
}

/** Lets the provider's events reach the connection. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 10))
