import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '../domain/clientConfig.ts'

/** The runtime config the server embedded in the page. */
export function readClientConfig(): ClientConfig {
  const element = document.getElementById(CLIENT_CONFIG_ELEMENT_ID)
  const parsed = element?.textContent ? (JSON.parse(element.textContent) as Partial<ClientConfig>) : {}
  return {
    chains: parsed.chains ?? [],
    walletConnectProjectId: parsed.walletConnectProjectId ?? null,
    walletConnectRelayUrl: parsed.walletConnectRelayUrl ?? null,
    publicUrl: parsed.publicUrl ?? null,
  }
}
