import type { Chain } from 'viem'
import type { ClientConfig } from '../../domain/clientConfig.ts'
import { createWalletDetector, type WalletDetector } from '../../wallet/detectWallets.ts'
import { readLastUsedWallet, writeLastUsedWallet } from '../../wallet/lastUsedWallet.ts'
import { createWagmiConfig } from '../../wallet/wagmiConfig.ts'
import { createWalletConnection, type WalletConnection } from '../../wallet/walletConnection.ts'

export type WalletCore = {
  detector: WalletDetector
  connection: WalletConnection
  chains: readonly [Chain, ...Chain[]]
  lastUsedRdns(): string | undefined
  walletConnect: { projectId: string; relayUrl: string | null } | null
  /** PUBLIC_URL, when the server has one. */
  publicUrl: string | null
}

/** Wires the framework-free wallet core for the browser: one detector, one connection. */
export function createWalletCore(chains: readonly [Chain, ...Chain[]], clientConfig: ClientConfig): WalletCore {
  const storage = safeLocalStorage()
  const detector = createWalletDetector({ target: window })
  const connection = createWalletConnection({ config: createWagmiConfig({ chains, storage }) })

  connection.subscribe((state) => {
    if (state.status === 'connected' && state.wallet.rdns) writeLastUsedWallet(storage, state.wallet.rdns)
  })

  // Reconnects silently to the last used wallet once it is found, when it still authorises the site.
  const resumeLastUsed = () => {
    const last = readLastUsedWallet(storage)
    const wallet = detector.getState().wallets.find((w) => w.rdns !== undefined && w.rdns === last)
    if (wallet) {
      unsubscribe()
      void connection.resume(wallet)
    }
  }
  const unsubscribe = detector.subscribe(resumeLastUsed)
  resumeLastUsed()

  return {
    detector,
    connection,
    chains,
    lastUsedRdns: () => readLastUsedWallet(storage),
    walletConnect: clientConfig.walletConnectProjectId
      ? { projectId: clientConfig.walletConnectProjectId, relayUrl: clientConfig.walletConnectRelayUrl }
      : null,
    publicUrl: clientConfig.publicUrl,
  }
}

/** This browser's localStorage, or nothing where it is blocked (some privacy modes throw on access). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}
