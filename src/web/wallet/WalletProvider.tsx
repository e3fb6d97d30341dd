import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { ConnectionState } from '../../wallet/walletConnection.ts'
import type { DetectionState } from '../../wallet/types.ts'
import type { WalletCore } from './walletCore.ts'

const WalletContext = createContext<WalletCore | null>(null)

export function WalletProvider({ core, children }: { core: WalletCore; children: ReactNode }) {
  return <WalletContext value={core}>{children}</WalletContext>
}

export function useWalletCore(): WalletCore {
  const core = useContext(WalletContext)
  if (!core) throw new Error('useWalletCore needs a <WalletProvider>')
  return core
}

/** The React layer only subscribes to the core's stores. */
export function useDetection(): DetectionState {
  const { detector } = useWalletCore()
  return useSyncExternalStore(detector.subscribe, detector.getState)
}

export function useConnection(): ConnectionState {
  const { connection } = useWalletCore()
  return useSyncExternalStore(connection.subscribe, connection.getState)
}
