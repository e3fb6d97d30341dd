import { useEffect, useState } from 'react'
import { missingProviderMethods } from '../../wallet/capabilityCheck.ts'
import type { DetectedWallet } from '../../wallet/types.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { QrCode } from './QrCode.tsx'

type Pairing = { status: 'starting' } | { status: 'ready'; uri: string } | { status: 'failed'; message: string }

/** A WalletConnect v2 pairing QR; the mobile wallet that scans it becomes the connected wallet. */
export default function WalletConnectPairing({ projectId }: { projectId: string }) {
  const { chains, connection } = useWalletCore()
  const [pairing, setPairing] = useState<Pairing>({ status: 'starting' })

  useEffect(() => {
    let cancelled = false
    let provider: Awaited<ReturnType<typeof import('@walletconnect/ethereum-provider').EthereumProvider.init>> | undefined
    void (async () => {
      try {
        const { EthereumProvider } = await import('@walletconnect/ethereum-provider')
        provider = await EthereumProvider.init({
          projectId,
          showQrModal: false,
          optionalChains: chains.map((c) => c.id) as [number, ...number[]],
          rpcMap: Object.fromEntries(chains.map((c) => [c.id, c.rpcUrls.default.http[0]!])),
          metadata: { name: 'Billfold', description: 'Crypto payment requests', url: location.origin, icons: [] },
        })
        provider.on('display_uri', (uri: string) => !cancelled && setPairing({ status: 'ready', uri }))
        await provider.connect()
        if (cancelled) return
        const wallet: DetectedWallet = {
          key: 'walletconnect',
          rdns: undefined,
          name: provider.session?.peer.metadata.name || 'WalletConnect',
          icon: undefined,
          source: 'walletconnect',
          provider: provider as unknown as DetectedWallet['provider'],
          missingMethods: missingProviderMethods(provider),
        }
        await connection.connect(wallet)
      } catch (error) {
        if (!cancelled) setPairing({ status: 'failed', message: error instanceof Error ? error.message : String(error) })
      }
    })()
    return () => {
      cancelled = true
      void provider?.disconnect().catch(() => undefined)
    }
  }, [projectId, chains, connection])

  if (pairing.status === 'starting') return <p role="status">Preparing WalletConnect…</p>
  if (pairing.status === 'failed')
    return <p role="alert">WalletConnect is unavailable right now ({pairing.message}). Use the link below instead.</p>
  return (
    <div className="walletconnect">
      <QrCode value={pairing.uri} label="WalletConnect pairing QR code" />
      <p className="hint">Scan with any WalletConnect wallet to connect it here.</p>
    </div>
  )
}
