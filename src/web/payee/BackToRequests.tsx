import { Link } from 'wouter'

/** The way back to the dashboard, in the same place on every payee page: above the page's content, outside any card. */
export function BackToRequests() {
  return (
    <p className="back-link">
      <Link href="/">← Your requests</Link>
    </p>
  )
}
