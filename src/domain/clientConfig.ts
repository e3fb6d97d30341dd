/** What the server tells the browser at page load, embedded in the HTML as JSON. */
export type ClientConfig = {
  /** JSON-RPC URL the browser uses for the dev chain (same origin, proxied by the server). */
  devRpcUrl: string
  walletConnectProjectId: string | null
  /** A WalletConnect relay other than WalletConnect's own, e.g. a self-hosted one. */
  walletConnectRelayUrl: string | null
}

export const CLIENT_CONFIG_ELEMENT_ID = 'billfold-config'
