import { useStore } from '@nanostores/react'
import { commonText } from '../i18n/messages.ts'
import { useFlash } from './useFlash.ts'

/** Copies `value`; says "Copied" for two seconds, for sighted and screen-reader users alike. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, flashCopied] = useFlash()
  const t = useStore(commonText)
  return (
    <button
      type="button"
      className="button small"
      aria-label={label}
      onClick={async () => {
        await navigator.clipboard.writeText(value)
        flashCopied()
      }}
    >
      <span aria-live="polite">{copied ? t.copied : t.copy}</span>
    </button>
  )
}
