import { useStore } from '@nanostores/react'
import { Link } from 'wouter'
import { subscriptionsNavText } from './subscriptionsText.ts'

/** The dashboard's ways to the plans and their subscribers. */
export function SubscriptionNavLinks() {
  const t = useStore(subscriptionsNavText)
  return (
    <>
      <Link href="/plans" className="button">
        {t.plans}
      </Link>
      <Link href="/subscribers" className="button">
        {t.subscribers}
      </Link>
    </>
  )
}
