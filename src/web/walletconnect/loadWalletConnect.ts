import type { startWalletConnectSession } from './walletConnectSession.ts'

type Module = { startWalletConnectSession: typeof startWalletConnectSession }

/**
 * WalletConnect's code is a separate, self-contained build (vite.walletconnect.config.ts) fetched by
 * URL, so its shared dependencies can never be hoisted into the app's first load.
 */
export function loadWalletConnect(): Promise<Module> {
  if (import.meta.env.DEV) return import('./walletConnectSession.ts')
  return import(/* @vite-ignore */ `${location.origin}/walletconnect/walletConnectSession.js`) as Promise<Module>
}
