import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import type { ScreenProps } from '../RouteScreen.tsx'
import { query } from '../graphql/apiClient.ts'
import { TillCurrentSaleQuery } from './posOperations.ts'
import { tillLinkText } from './posText.ts'

/** How often a payer's page asks for the till's next sale while none waits. */
const WAIT_MS = 2000

/** A till's fixed link (an NFC tag, a printed code): opens the till's current sale, or waits for one. */
export function TillLinkPage({ id }: ScreenProps) {
  const t = useStore(tillLinkText)
  useDocumentTitle(t.title)
  const [, navigate] = useLocation()
  const sale = useQuery({
    queryKey: ['tillCurrentSale', id],
    queryFn: async () => (await query(TillCurrentSaleQuery, { id: id! })).tillCurrentSale,
    refetchInterval: (q) => (q.state.data ? false : WAIT_MS),
  })
  const requestId = sale.data?.id
  useEffect(() => {
    if (requestId) navigate(`/pay/${requestId}`, { replace: true })
  }, [requestId, navigate])
  return (
    <section aria-labelledby="till-link-title" className="stack narrow">
      <h1 id="till-link-title">{t.title}</h1>
      {sale.isError ? (
        <ErrorNotice error={sale.error} />
      ) : (
        <p className="hint" role="status">
          {sale.isSuccess && !requestId ? t.waiting : t.opening}
        </p>
      )}
    </section>
  )
}
