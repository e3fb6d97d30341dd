import { useEffect, useState } from 'react'

/** A message that is news for a moment ("Copied"), then stale: on after `flash()`, off after `ms`. */
export function useFlash(ms = 2000): [on: boolean, flash: () => void] {
  const [on, setOn] = useState(false)
  useEffect(() => {
    if (!on) return
    const timer = setTimeout(() => setOn(false), ms)
    return () => clearTimeout(timer)
  }, [on, ms])
  return [on, () => setOn(true)]
}
