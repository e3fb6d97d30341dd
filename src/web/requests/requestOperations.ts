import { useQuery, useQueryClient } from '@tanstack/react-query'
import { stringifyDocument } from '@urql/core'
import { useEffect } from 'react'
import type { Asset } from '../../domain/paymentRequest.ts'
import { graphql } from '../graphql/graphql.ts'
import { query } from '../graphql/apiClient.ts'
import { PaymentRequestFields, type PaymentRequestData } from './paymentRequestDocument.ts'
import { paymentRequestQuery, requestKey } from './paymentRequestQuery.ts'

export { PaymentRequestFields, requestKey, type PaymentRequestData }

export const ChainsQuery = graphql(`
  query Chains {
    chains {
      id
      name
      nativeSymbol
      testnet
      confirmations
      assets {
        address
        symbol
        decimals
      }
    }
  }
`)

export const CreatePaymentRequestMutation = graphql(
  `
    mutation CreatePaymentRequest($input: CreatePaymentRequestInput!) {
      createPaymentRequest(input: $input) {
        ...PaymentRequestFields
      }
    }
  `,
  [PaymentRequestFields],
)

const UpdatesSubscription = graphql(
  `
    subscription Updated($id: String!) {
      paymentRequestUpdated(id: $id) {
        ...PaymentRequestFields
      }
    }
  `,
  [PaymentRequestFields],
)

export function usePaymentRequest(id: string) {
  return useQuery(paymentRequestQuery(id))
}

export function useChains() {
  return useQuery({ queryKey: ['chains'], queryFn: async () => (await query(ChainsQuery)).chains, staleTime: Infinity })
}

type OfferedChain = { id: number; assets: readonly { address: string; symbol: string; decimals: number }[] }

/** Every asset of the chains offered, as the request rules take them. */
export const assetsOfChains = (chains: readonly OfferedChain[] | undefined): Asset[] =>
  (chains ?? []).flatMap((c) =>
    c.assets.map((a) => ({
      chainId: c.id,
      address: a.address as Asset['address'],
      symbol: a.symbol,
      decimals: a.decimals,
    })),
  )

/**
 * Keeps a request up to date without reloading: the server pushes every change as a server-sent
 * event, and the browser's EventSource reconnects by itself if the connection drops.
 */
export function useLiveUpdates(id: string) {
  const client = useQueryClient()
  useEffect(() => {
    const url = new URL('/graphql', window.location.origin)
    url.searchParams.set('query', stringifyDocument(UpdatesSubscription))
    url.searchParams.set('variables', JSON.stringify({ id }))
    const source = new EventSource(url)
    source.addEventListener('next', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as {
        data?: { paymentRequestUpdated?: PaymentRequestData }
      }
      const updated = data.data?.paymentRequestUpdated
      if (updated) client.setQueryData(requestKey(id), updated)
    })
    // After a reconnect, fetch once in case a change was missed while disconnected.
    source.addEventListener('open', () => void client.invalidateQueries({ queryKey: requestKey(id) }))
    return () => source.close()
  }, [id, client])
}

const MyUpdatesSubscription = graphql(`
  subscription MyUpdates {
    myPaymentRequestUpdated {
      id
      status
    }
  }
`)

/**
 * Keeps the payee's dashboard live: any of their requests created, paid, expired or cancelled (here,
 * in another tab, or by the watcher on any server) refreshes the list, the totals and the chart.
 */
export function useMyLiveUpdates() {
  const client = useQueryClient()
  useEffect(() => {
    const url = new URL('/graphql', window.location.origin)
    url.searchParams.set('query', stringifyDocument(MyUpdatesSubscription))
    const source = new EventSource(url)
    const refresh = () => {
      for (const key of ['dashboard', 'received', 'unmatched']) void client.invalidateQueries({ queryKey: [key] })
    }
    source.addEventListener('next', refresh)
    // After a reconnect, refresh once in case a change was missed while disconnected.
    let opened = false
    source.addEventListener('open', () => (opened ? refresh() : (opened = true)))
    return () => source.close()
  }, [client])
}

export const CancelPaymentRequestMutation = graphql(
  `
    mutation CancelPaymentRequest($id: String!) {
      cancelPaymentRequest(id: $id) {
        ...PaymentRequestFields
      }
    }
  `,
  [PaymentRequestFields],
)
