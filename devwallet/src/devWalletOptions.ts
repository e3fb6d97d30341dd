/**
 * How the dev wallet behaves, so tests can produce every wallet state in a real browser.
 * Set through the page's `?devwallet=<json>` query parameter (kept from then on, until changed) or the
 * `billfold.devwallet` localStorage entry (read again on every request, so a test can change it).
 */
export type DevWalletOptions = {
  /** 'now', 'never' (until a `devwallet:appear` event), or a delay in milliseconds. */
  appear: 'now' | 'never' | number
  /** Provider methods to leave out, to test the capability check. */
  missing: readonly ('request' | 'on' | 'removeListener')[]
  /**
   * Methods answered with 4001, as if the person declined; `eip7702-upgrade` declines the account
   * upgrade an atomic batch asks for (5750).
   */
  reject: readonly string[]
  /** The most calls one `wallet_sendCalls` batch may hold (more is refused with 5740). */
  maxCalls: number
  /** Index of the Anvil dev account to use. */
  account: number
  /** The chain the wallet starts on. */
  chainId: number
  /**
   * Chains the wallet knows with their RPC URL; switching to another answers 4902 until it is added.
   * The dev chains (31337, 84532, 421614) default to the app's own relay (`/rpc/<id>` on the page's origin), so
   * the app's `PORT` and `ANVIL_PORT` need nothing here.
   */
  chains: Record<string, string>
  /** Also set window.ethereum, as most extensions do. */
  legacy: boolean
  /** Grant ERC-7715 periodic permissions; false answers those methods 4200, as a wallet without them. */
  executionPermissions: boolean
}

export const OPTIONS_KEY = 'billfold.devwallet'

export const defaultOptions: DevWalletOptions = {
  appear: 'now',
  missing: [],
  reject: [],
  maxCalls: 1000,
  account: 0,
  chainId: 31337,
  chains: {},
  legacy: true,
  executionPermissions: true,
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

/**
 * The stored options with those a page's address gave merged in: what the address said stays
 * (the account above all: opening a link again must not switch the payer) until something changes it.
 */
export function keepOptions(stored: string | null | undefined, given: string): string {
  const parse = (json: string | null | undefined): Record<string, unknown> => {
    try {
      const parsed: unknown = json ? JSON.parse(json) : {}
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {}
    } catch {
      return {}
    }
  }
  return JSON.stringify({ ...parse(stored), ...parse(given) })
}
