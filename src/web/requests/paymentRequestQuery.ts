import type { QueryClient } from '@tanstack/react-query'
import { query } from '../graphql/apiClient.ts'
import { byGet, PaymentRequestQuery, type PaymentRequestData } from './paymentRequestDocument.ts'
import { requestIdOfPage } from '../routeLookup.ts'

export const requestKey = (id: string) => ['paymentRequest', id] as const

/** One request, public: the pay page, the receipt and the payee's request page read it. */
export const paymentRequestQuery = (id: string) => ({
  queryKey: requestKey(id),
  queryFn: async () => (await query(PaymentRequestQuery, { id }, byGet)).paymentRequest as PaymentRequestData,
  retry: false,
  // Kept fresh by the page's live updates; a page mounting just after the prefetch below reuses it.
  staleTime: 5_000,
})

/**
 * A page about one request starts fetching it as the app starts, beside the page's code rather
 * than after it has loaded and rendered: on a phone that is a round trip sooner.
 */
export function prefetchRequestOfPage(client: QueryClient, path: string) {
  const id = requestIdOfPage(path)
  if (id) void client.prefetchQuery(paymentRequestQuery(id))
}
