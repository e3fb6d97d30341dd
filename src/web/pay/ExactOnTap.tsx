import { useState } from 'react'

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
