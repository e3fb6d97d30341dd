import { lazy, Suspense, useState } from 'react'

// The encoder is fetched when a QR code is first opened: most payees copy the link instead.
const QrCode = lazy(() => import('../../components/QrCode.tsx').then((m) => ({ default: m.QrCode })))

/** A link's QR code, folded: to print beside a till or show on a screen for phones to scan. */
export function LinkQrCode({ url, title }: { url: string; title: string }) {
  const [opened, setOpened] = useState(false)
  return (
    <details className="link-qr" onToggle={(event) => setOpened(opened || event.currentTarget.open)}>
      <summary>QR code</summary>
      {opened && (
        <Suspense fallback={<p role="status">Drawing the QR code…</p>}>
          <QrCode value={url} label={`QR code of the link ${title}`} size={192} />
        </Suspense>
      )}
    </details>
  )
}
