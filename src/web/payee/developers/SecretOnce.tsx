import { CopyButton } from '../../components/CopyButton.tsx'

/** A secret shown the one time it exists in the clear: copy it now, Billfold keeps only a hash or a sealed copy. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  return (
    <div className="notice success secret-once stack" role="status">
      <p>
        <strong>{label}</strong> Copy it now: it is not shown again.
      </p>
      <code className="mono break" data-testid="secret-once">
        {secret}
      </code>
      <div className="cluster">
        <CopyButton value={secret} label={`Copy ${label.toLowerCase()}`} />
        <button type="button" className="button small" onClick={onDone}>
          I have stored it
        </button>
      </div>
    </div>
  )
}
