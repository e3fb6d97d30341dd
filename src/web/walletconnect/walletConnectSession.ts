import { EthereumProvider } from '@walletconnect/ethereum-provider'
import type { Chain } from 'viem'

export type WalletConnectSession = {
  provider: Awaited<ReturnType<typeof EthereumProvider.init>>
  peerName: string | undefined
}

/** Opens a WalletConnect v2 pairing: `onUri` gets the pairing URI to show as a QR code. */
export async function startWalletConnectSession({
  projectId,
  relayUrl,
  chains,
  onUri,
}: {
  projectId: string
  relayUrl?: string
  chains: readonly Chain[]
  onUri: (uri: string) => void
}): Promise<WalletConnectSession> {
  const provider = await EthereumProvider.init({
    projectId,
    relayUrl,
    showQrModal: false,
    optionalChains: chains.map((c) => c.id) as [number, ...number[]],
    rpcMap: Object.fromEntries(chains.map((c) => [c.id, c.rpcUrls.default.http[0]!])),
    metadata: { name: 'Billfold', description: 'Crypto payment requests', url: location.origin, icons: [] },
  })
  provider.on('display_uri', onUri)
  await provider.connect()
  return { provider, peerName: provider.session?.peer.metadata.name }
}
