import { useState } from 'react'

/** Decimals a balance is read with; the exact figure is one tap away. */
const READING_DIGITS = 4

/** A balance cut to four decimals for reading ("9,999.9999"), never rounded up past what is held. */
export const forReading = (value: bigint, decimals: number): bigint =>
  decimals > READING_DIGITS ? value - (value % 10n ** BigInt(decimals - READING_DIGITS)) : value

/** A figure shown for reading; a tap shows it exact, to the last unit, and another tap reads it again. */
export function ExactOnTap({ rounded, exact, label }: { rounded: string; exact: string; label: string }) {
  const [shown, setShown] = useState(false)
  if (rounded === exact) return <>{exact}</>
  return (
    <button type="button" className="button link" aria-pressed={shown} title={label} onClick={() => setShown(!shown)}>
      {shown ? exact : rounded}
    </button>
  )
}
