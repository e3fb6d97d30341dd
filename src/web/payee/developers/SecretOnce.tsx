import { CopyButton } from '../../components/CopyButton.tsx'

/** A secret shown the one time it exists in the clear: copy it now, Billfold keeps only a hash or a sealed copy. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  return (
    <div className="notice success secret-once" role="status">
      <p>
        <strong>{label}</strong> Copy it now: it is not shown again.
      </p>
      <p className="address-line">
        <code className="mono break" data-testid="secret-once">
          {secret}
        </code>
        <CopyButton value={secret} label={`Copy ${label.toLowerCase()}`} />
      </p>
      <button type="button" className="button small" onClick={onDone}>
        I have stored it
      </button>
    </div>
  )
}
