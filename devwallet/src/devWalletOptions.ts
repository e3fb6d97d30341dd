/**
 * How the dev wallet behaves, so tests can produce every wallet state in a real browser.
 * Set through the page's `?devwallet=<json>` query parameter (read once, at load) or the
 * `billfold.devwallet` localStorage entry (read again on every request, so a test can change it).
 */
export type DevWalletOptions = {
  /** 'now', 'never' (until a `devwallet:appear` event), or a delay in milliseconds. */
  appear: 'now' | 'never' | number
  /** Provider methods to leave out, to test the capability check. */
  missing: readonly ('request' | 'on' | 'removeListener')[]
  /** Methods answered with 4001, as if the person declined. */
  reject: readonly string[]
  /** Index of the Anvil dev account to use. */
  account: number
  /** The chain the wallet starts on. */
  chainId: number
  /** Chains the wallet knows with their RPC URL; switching to another answers 4902 until it is added. */
  chains: Record<string, string>
  /** Also set window.ethereum, as most extensions do. */
  legacy: boolean
}

export const OPTIONS_KEY = 'billfold.devwallet'

export const defaultOptions: DevWalletOptions = {
  appear: 'now',
  missing: [],
  reject: [],
  account: 0,
  chainId: 31337,
  chains: { '31337': 'http://127.0.0.1:8545' },
  legacy: true,
}

export function parseOptions(...sources: (string | null | undefined)[]): DevWalletOptions {
  let options = { ...defaultOptions }
  for (const source of sources) {
    if (!source) continue
    try {
      const parsed: unknown = JSON.parse(source)
      if (typeof parsed === 'object' && parsed !== null)
        options = { ...options, ...(parsed as Partial<DevWalletOptions>) }
    } catch {
      console.warn(`[billfold dev wallet] ignoring options that are not JSON: ${source}`)
    }
  }
  return options
}
