import { useStore } from '@nanostores/react'
import { Link } from 'wouter'
import { backText } from './payeeMessages.ts'

/** The way back to the dashboard, in the same place on every payee page: above the page's content, outside any card. */
export function BackToRequests() {
  const t = useStore(backText)
  return (
    <p className="back-link">
      <Link href="/">{t.link}</Link>
    </p>
  )
}
