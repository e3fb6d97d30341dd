/** The EIP-1193 surface Billfold relies on. */
export type Eip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>
  on(event: string, listener: (...args: never[]) => void): unknown
  removeListener(event: string, listener: (...args: never[]) => void): unknown
}

/** EIP-6963 `info`, as announced (untrusted). */
export type Eip6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

export const requiredProviderMethods = ['request', 'on', 'removeListener'] as const
export type RequiredProviderMethod = (typeof requiredProviderMethods)[number]

export type DetectedWallet = {
  /** Keys this session's provider: the EIP-6963 uuid, or `legacy:<name>`. */
  key: string
  /** The wallet's identifier (EIP-6963 `info.rdns`), when known. */
  rdns: string | undefined
  name: string
  /** A safe image URL (data:image/… or https:), or undefined. Only ever used as `<img src>`. */
  icon: string | undefined
  source: 'eip6963' | 'legacy' | 'walletconnect'
  provider: Eip1193Provider
  missingMethods: readonly RequiredProviderMethod[]
}

export type DetectionStatus = 'detecting' | 'detected' | 'not-found' | 'unsupported'

export type DetectionState = {
  status: DetectionStatus
  wallets: readonly DetectedWallet[]
}
