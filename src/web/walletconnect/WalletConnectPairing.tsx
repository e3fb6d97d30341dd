import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { missingProviderMethods } from '../../wallet/capabilityCheck.ts'
import type { DetectedWallet } from '../../wallet/types.ts'
import { QrCode } from '../components/QrCode.tsx'
import { fillText } from '../i18n/fill.tsx'
import { connectText } from '../i18n/messages.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { loadWalletConnect } from './loadWalletConnect.ts'
import type { WalletConnectSession } from './walletConnectSession.ts'

type Pairing = { status: 'starting' } | { status: 'ready'; uri: string } | { status: 'failed'; message: string }

/** A WalletConnect v2 pairing QR; the mobile wallet that scans it becomes the connected wallet. */
export default function WalletConnectPairing({ projectId, relayUrl }: { projectId: string; relayUrl: string | null }) {
  const { chains, connection } = useWalletCore()
  const [pairing, setPairing] = useState<Pairing>({ status: 'starting' })
  const t = useStore(connectText)

  useEffect(() => {
    let cancelled = false
    let session: WalletConnectSession | undefined
    void (async () => {
      try {
        const { startWalletConnectSession } = await loadWalletConnect()
        session = await startWalletConnectSession({
          projectId,
          relayUrl: relayUrl ?? undefined,
          chains,
          onUri: (uri) => !cancelled && setPairing({ status: 'ready', uri }),
        })
        if (cancelled) return
        const provider = session.provider
        const wallet: DetectedWallet = {
          key: 'walletconnect',
          rdns: undefined,
          name: session.peerName || 'WalletConnect',
          icon: undefined,
          source: 'walletconnect',
          provider: provider as unknown as DetectedWallet['provider'],
          missingMethods: missingProviderMethods(provider),
        }
        await connection.connect(wallet)
      } catch (error) {
        if (!cancelled)
          setPairing({ status: 'failed', message: error instanceof Error ? error.message : String(error) })
      }
    })()
    return () => {
      cancelled = true
      void session?.provider.disconnect().catch(() => undefined)
    }
  }, [projectId, relayUrl, chains, connection])

  if (pairing.status === 'starting') return <p role="status">{t.preparingWalletConnect}</p>
  if (pairing.status === 'failed')
    return <p role="alert">{fillText(t.walletConnectDown, { reason: pairing.message })}</p>
  return (
    <div className="walletconnect">
      <QrCode value={pairing.uri} label={t.walletConnectQr} />
      <p className="hint">{t.walletConnectHint}</p>
    </div>
  )
}
