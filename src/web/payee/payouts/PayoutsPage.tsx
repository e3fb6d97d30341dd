import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import type { Address } from 'viem'
import { Link } from 'wouter'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { useRescueFocus } from '../../components/useRescueFocus.ts'
import { query } from '../../graphql/apiClient.ts'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { useChains } from '../../requests/requestOperations.ts'
import { BackToRequests } from '../BackToRequests.tsx'
import { NewPayoutForm } from './NewPayoutForm.tsx'
import { MyPayoutsQuery, PAYOUTS_KEY } from './payoutOperations.ts'
import { payoutsPageText } from './payoutsText.ts'

/** `/payouts`: a new payout (on the chain the wallet is on, when offered) and the earlier ones. */
export function PayoutsPage({ payee, walletChainId }: { payee: Address; walletChainId: number }) {
  const t = useStore(payoutsPageText)
  const format = useFormat()
  useDocumentTitle(t.title)
  const heading = useRef<HTMLHeadingElement>(null)
  useRescueFocus(heading)
  const chains = useChains()
  const payouts = useQuery({ queryKey: PAYOUTS_KEY, queryFn: async () => (await query(MyPayoutsQuery)).myPayouts })
  const chain = chains.data?.find((c) => c.id === walletChainId) ?? chains.data?.[0]
  return (
    <section aria-labelledby="payouts-title" className="stack">
      <BackToRequests />
      <h1 id="payouts-title" ref={heading}>
        {t.title}
      </h1>
      <p className="hint">{t.intro}</p>
      <ErrorNotice error={chains.error ?? payouts.error} />
      {chain && (
        <NewPayoutForm
          key={chain.id}
          payee={payee}
          chain={{
            id: chain.id,
            name: chain.name,
            assets: chain.assets.map((a) => ({ ...a, address: a.address as Address })),
          }}
        />
      )}
      <section className="stack" aria-labelledby="payouts-earlier">
        <h2 id="payouts-earlier">{t.earlier}</h2>
        {payouts.data?.length === 0 && <p>{t.none}</p>}
        <ul className="payout-list">
          {payouts.data?.map((p) => {
            const date = format.dateTime(p.createdAt)
            return (
              <li key={p.id}>
                <Link href={`/payouts/${p.id}`} aria-label={fillText(t.open, { date })}>
                  {fillText(t.summary, {
                    count: String(p.lines.length),
                    paid: String(p.lines.filter((l) => l.paid).length),
                    date,
                  })}
                </Link>
              </li>
            )
          })}
        </ul>
      </section>
    </section>
  )
}
