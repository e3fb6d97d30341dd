import { useStore } from '@nanostores/react'
import { lazy, Suspense, useState } from 'react'
import { fillText } from '../../i18n/fill.tsx'
import { linksTableText } from './developersText.ts'

// The encoder is fetched when a QR code is first opened: most payees copy the link instead.
const QrCode = lazy(() => import('../../components/QrCode.tsx').then((m) => ({ default: m.QrCode })))

/** A link's QR code, folded: to print beside a till or show on a screen for phones to scan. */
export function LinkQrCode({ url, title }: { url: string; title: string }) {
  const t = useStore(linksTableText)
  const [opened, setOpened] = useState(false)
  return (
    <details className="link-qr" onToggle={(event) => setOpened(opened || event.currentTarget.open)}>
      <summary>{t.qrCode}</summary>
      {opened && (
        <Suspense fallback={<p role="status">{t.drawingQr}</p>}>
          <QrCode value={url} label={fillText(t.qrLabel, { title })} size={192} />
        </Suspense>
      )}
    </details>
  )
}
