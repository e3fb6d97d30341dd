import { useStore } from '@nanostores/react'
import { Link } from 'wouter'
import { useCan } from '../../auth/useSession.ts'
import { payoutsPageText } from './payoutsText.ts'

/** The dashboard's way to the payouts, for whoever may send them. */
export function PayoutsLink() {
  const t = useStore(payoutsPageText)
  const can = useCan()
  if (!can('payouts:send')) return null
  return (
    <Link href="/payouts" className="button">
      {t.title}
    </Link>
  )
}
