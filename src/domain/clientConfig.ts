/** What the server tells the browser at page load, embedded in the HTML as JSON. */
export type ClientChain = {
  id: number
  name: string
  nativeSymbol: string
  confirmations: number
  /** Same-origin path of the server's proxy to this chain's RPC. */
  rpcPath: string
  explorerUrl: string | null
  /** A test network: what is paid on it has no real value, and the app says so. */
  testnet: boolean
}

export type ClientConfig = {
  /** The chains payments are accepted on; the first is the default. */
  chains: ClientChain[]
  walletConnectProjectId: string | null
  /** A WalletConnect relay other than WalletConnect's own, e.g. a self-hosted one. */
  walletConnectRelayUrl: string | null
  /** PUBLIC_URL: where people reach this Billfold, which is what a phone must open. */
  publicUrl: string | null
}

export const CLIENT_CONFIG_ELEMENT_ID = 'billfold-config'
