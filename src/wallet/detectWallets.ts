import { isUsable, missingProviderMethods } from './capabilityCheck.ts'
import { cleanRdns, displayName, identifyLegacyProvider, safeIconUrl } from './providerInfo.ts'
import type { DetectedWallet, DetectionState, Eip1193Provider } from './types.ts'

/** How long detection waits for a usable provider before it says there is none. */
export const WALLET_DETECTION_TIMEOUT_MS = 5000

type Listener = (state: DetectionState) => void

export type WalletDetector = {
  getState(): DetectionState
  subscribe(listener: Listener): () => void
  /** Runs detection again ("Try again"): asks providers to announce and restarts the wait. */
  retry(): void
  destroy(): void
}

export type CreateWalletDetectorParameters = {
  /** The window to listen on; a parameter so the core runs without a browser in tests. */
  target: Window | EventTarget
  timeoutMs?: number
}

/**
 * Finds wallets through EIP-6963 and the legacy `window.ethereum`, lists each provider once, and
 * settles as soon as a usable one appears (or when the wait runs out).
 */
export function createWalletDetector({
  target,
  timeoutMs = WALLET_DETECTION_TIMEOUT_MS,
}: CreateWalletDetectorParameters): WalletDetector {
  const listeners = new Set<Listener>()
  let state: DetectionState = { status: 'detecting', wallets: [] }
  let timer: ReturnType<typeof setTimeout> | undefined
  let destroyed = false

  const setState = (next: DetectionState) => {
    state = next
    for (const listener of listeners) listener(state)
  }

  const settledStatus = (wallets: readonly DetectedWallet[], waiting: boolean): DetectionState['status'] => {
    if (wallets.some(isUsable)) return 'detected'
    if (waiting) return 'detecting'
    return wallets.length > 0 ? 'unsupported' : 'not-found'
  }

  const addWallet = (wallet: DetectedWallet) => {
    let wallets = state.wallets
    if (wallets.some((w) => w.key === wallet.key)) return
    if (wallet.source === 'eip6963') {
      // The same provider injected as window.ethereum is the same wallet: keep the richer EIP-6963 entry.
      wallets = wallets.filter((w) => !(w.source === 'legacy' && isSameWallet(w, wallet)))
    } else if (wallets.some((w) => isSameWallet(w, wallet))) {
      return
    }
    wallets = [...wallets, wallet]
    const waiting = timer !== undefined
    const status = settledStatus(wallets, waiting)
    if (status === 'detected') clearWait()
    setState({ status, wallets })
  }

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail
    const wallet = walletFromAnnouncement(detail)
    if (wallet) addWallet(wallet)
  }

  const checkLegacy = () => {
    let provider: unknown
    try {
      provider = (target as { ethereum?: unknown }).ethereum
    } catch {
      return
    }
    if (provider === undefined || provider === null) return
    addWallet(walletFromLegacy(provider))
  }

  const clearWait = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }

  const run = () => {
    clearWait()
    if (state.wallets.some(isUsable)) {
      setState({ status: 'detected', wallets: state.wallets })
    } else {
      timer = setTimeout(() => {
        timer = undefined
        setState({ status: settledStatus(state.wallets, false), wallets: state.wallets })
      }, timeoutMs)
      if (state.status !== 'detecting') setState({ status: 'detecting', wallets: state.wallets })
    }
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    checkLegacy()
  }

  target.addEventListener('eip6963:announceProvider', onAnnounce)
  target.addEventListener('ethereum#initialized', checkLegacy)
  run()

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    retry() {
      if (!destroyed) run()
    },
    destroy() {
      destroyed = true
      clearWait()
      listeners.clear()
      target.removeEventListener('eip6963:announceProvider', onAnnounce)
      target.removeEventListener('ethereum#initialized', checkLegacy)
    },
  }
}

function isSameWallet(a: DetectedWallet, b: DetectedWallet): boolean {
  return (
    a.provider === b.provider ||
    (a.rdns !== undefined && a.rdns === b.rdns && (a.source === 'legacy' || b.source === 'legacy'))
  )
}

function walletFromAnnouncement(detail: unknown): DetectedWallet | undefined {
  if (typeof detail !== 'object' || detail === null) return undefined
  const { info, provider } = detail as { info?: unknown; provider?: unknown }
  if (typeof info !== 'object' || info === null || provider === undefined || provider === null) return undefined
  const { uuid, name, icon, rdns } = info as Record<string, unknown>
  if (typeof uuid !== 'string' || uuid.length === 0 || uuid.length > 128) return undefined
  const cleanedRdns = cleanRdns(rdns)
  return {
    key: uuid,
    rdns: cleanedRdns,
    name: displayName(name, cleanedRdns),
    icon: safeIconUrl(icon),
    source: 'eip6963',
    provider: provider as Eip1193Provider,
    missingMethods: missingProviderMethods(provider),
  }
}

function walletFromLegacy(provider: unknown): DetectedWallet {
  const { name, rdns } = identifyLegacyProvider(provider)
  return {
    key: `legacy:${rdns ?? 'browser'}`,
    rdns,
    name,
    icon: undefined,
    source: 'legacy',
    provider: provider as Eip1193Provider,
    missingMethods: missingProviderMethods(provider),
  }
}
