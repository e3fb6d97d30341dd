import { useStore } from '@nanostores/react'
import { CopyButton } from '../../components/CopyButton.tsx'
import { secretText } from './developersText.ts'

/** A secret shown the one time it exists in the clear: copy it now, Billfold keeps only a hash or a sealed copy. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const t = useStore(secretText)
  return (
    <div className="notice success secret-once stack" role="status">
      <p>
        <strong>{label}</strong> {t.copyNow}
      </p>
      <code className="mono break" data-testid="secret-once">
        {secret}
      </code>
      <div className="cluster">
        <CopyButton value={secret} label={t.copy} />
        <button type="button" className="button small" onClick={onDone}>
          {t.stored}
        </button>
      </div>
    </div>
  )
}
