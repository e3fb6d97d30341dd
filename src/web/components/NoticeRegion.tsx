import { useStore } from '@nanostores/react'
import { useEffect, useSyncExternalStore } from 'react'
import { useLocation } from 'wouter'
import { ErrorNotice } from './ErrorNotice.tsx'
import { appText } from '../i18n/messages.ts'

/** How long a notice stays unless dismissed: long enough to read, short enough not to go stale. */
const NOTICE_MS = 15_000

let current: { error: unknown; id: number } | undefined
let nextId = 0
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

/** Shows an error of a header action (sign in, sign out) below the header, where it has room. */
export function showNotice(error: unknown) {
  current = { error, id: nextId++ }
  emit()
}

function clearNotice() {
  current = undefined
  emit()
}

/** The page's notice region: one notice at a time, cleared by a dismiss, a navigation or time. */
export function NoticeRegion() {
  const t = useStore(appText)
  const notice = useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => current,
  )
  const [location] = useLocation()
  useEffect(() => clearNotice, [location])
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(clearNotice, NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])
  if (!notice) return null
  return (
    <div className="banner notice-region" data-testid="notice-region">
      <ErrorNotice error={notice.error} />
      <button type="button" className="icon-button" aria-label={t.dismiss} onClick={clearNotice}>
        ×
      </button>
    </div>
  )
}
