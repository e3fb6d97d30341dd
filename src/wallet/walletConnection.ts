import {
  connect,
  disconnect,
  getConnection,
  injected,
  reconnect,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
  watchConnection,
  type Config,
} from '@wagmi/core'
import type { Address, Hash, Hex, TypedData, TypedDataDefinition } from 'viem'
import { isUsable } from './capabilityCheck.ts'
import type { DetectedWallet } from './types.ts'
import {
  DisconnectedError,
  InvalidWalletResponseError,
  WalletNotCapableError,
  type WalletError,
} from './walletErrors.ts'
import { toWalletError } from './toWalletError.ts'

/** Runs one wallet request and turns whatever it throws into a WalletError naming the method. */
async function walletRequest<T>(method: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (cause) {
    throw toWalletError(cause, { method })
  }
}

export type ConnectionState =
  | { status: 'disconnected'; lastError?: WalletError }
  | { status: 'connecting'; wallet: DetectedWallet }
  | { status: 'connected'; wallet: DetectedWallet; address: Address; chainId: number }
  | { status: 'rejected'; wallet: DetectedWallet; error: WalletError }
  | { status: 'error'; wallet: DetectedWallet; error: WalletError }

type Listener = (state: ConnectionState) => void

export type WalletConnection = {
  getState(): ConnectionState
  subscribe(listener: Listener): () => void
  connect(wallet: DetectedWallet): Promise<void>
  /** Reconnects without a prompt when the wallet still authorises this site. */
  resume(wallet: DetectedWallet): Promise<void>
  disconnect(): Promise<void>
  switchChain(chainId: number): Promise<void>
  /** personal_sign; throws a WalletError. */
  signMessage(message: string): Promise<Hex>
  /** eth_signTypedData_v4; throws a WalletError. */
  signTypedData<const typedData extends TypedData | Record<string, unknown>, primaryType extends string>(
    definition: TypedDataDefinition<typedData, primaryType>,
  ): Promise<Hex>
  /** eth_sendTransaction on the chain the wallet is on; throws a WalletError. */
  sendTransaction(transaction: { to: Address; value?: bigint; data?: Hex; chainId: number }): Promise<Hash>
  destroy(): void
}

/**
 * The connection state machine. wagmi does the talking to the wallet; this turns what happens into
 * the states the app shows and every failure into a WalletError.
 */
export function createWalletConnection({ config }: { config: Config }): WalletConnection {
  const listeners = new Set<Listener>()
  let state: ConnectionState = { status: 'disconnected' }

  const setState = (next: ConnectionState) => {
    state = next
    for (const listener of listeners) listener(state)
  }

  const connectorFor = (wallet: DetectedWallet) =>
    injected({
      // Disconnect in the app must stick across reloads even for wallets that cannot revoke access.
      shimDisconnect: true,
      target: { id: wallet.rdns ?? wallet.key, name: wallet.name, provider: wallet.provider as never },
    })

  const adopt = (wallet: DetectedWallet) => {
    const connection = getConnection(config)
    if (connection.status !== 'connected' || !connection.address) return false
    if (!Number.isSafeInteger(connection.chainId)) {
      setState({ status: 'error', wallet, error: new InvalidWalletResponseError({ method: 'eth_chainId' }) })
      void disconnect(config).catch(() => undefined)
      return true
    }
    setState({ status: 'connected', wallet, address: connection.address, chainId: connection.chainId })
    return true
  }

  // Follows account switches, chain switches, a locked wallet and a disconnect made in the wallet.
  const unwatch = watchConnection(config, {
    onChange(connection) {
      if (state.status !== 'connected') return
      if (connection.status === 'connected' && connection.address) {
        adopt(state.wallet)
      } else if (connection.status === 'disconnected') {
        setState({ status: 'disconnected' })
      }
    },
  })

  const requireConnected = (): Address => {
    if (state.status !== 'connected') throw new DisconnectedError()
    return state.address
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async connect(wallet) {
      if (!isUsable(wallet)) {
        setState({ status: 'error', wallet, error: new WalletNotCapableError(wallet.missingMethods) })
        return
      }
      setState({ status: 'connecting', wallet })
      try {
        await connect(config, { connector: connectorFor(wallet) })
        if (!adopt(wallet)) throw new InvalidWalletResponseError({ method: 'eth_requestAccounts' })
      } catch (cause) {
        const error = toWalletError(cause, { method: 'eth_requestAccounts' })
        setState({ status: error.code === 'WALLET_USER_REJECTED' ? 'rejected' : 'error', wallet, error })
      }
    },
    async resume(wallet) {
      if (!isUsable(wallet) || state.status === 'connected' || state.status === 'connecting') return
      try {
        await reconnect(config, { connectors: [connectorFor(wallet)] })
        adopt(wallet)
      } catch {
        // A wallet that no longer authorises the site simply stays disconnected.
      }
    },
    async disconnect() {
      try {
        await disconnect(config)
      } finally {
        setState({ status: 'disconnected' })
      }
    },
    async switchChain(chainId) {
      if (state.status !== 'connected') return
      const wallet = state.wallet
      try {
        await switchChain(config, { chainId })
        adopt(wallet)
      } catch (cause) {
        // The connection itself is fine: the caller shows why the switch failed.
        throw toWalletError(cause, { method: 'wallet_switchEthereumChain' })
      }
    },
    async signMessage(message) {
      const account = requireConnected()
      return walletRequest('personal_sign', () => signMessage(config, { account, message }))
    },
    async signTypedData(definition) {
      const account = requireConnected()
      return walletRequest('eth_signTypedData_v4', () => signTypedData(config, { account, ...definition } as never))
    },
    async sendTransaction({ to, value, data, chainId }) {
      requireConnected()
      return walletRequest('eth_sendTransaction', () => sendTransaction(config, { to, value, data, chainId }))
    },
    destroy() {
      unwatch()
      listeners.clear()
    },
  }
}
