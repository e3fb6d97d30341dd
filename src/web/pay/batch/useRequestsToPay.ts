import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { useSearch } from 'wouter'
import { query } from '../../graphql/apiClient.ts'
import { graphql } from '../../graphql/graphql.ts'
import { openedRequests } from './openedRequests.ts'

const PayerListQuery = graphql(`
  query PayerList($id: String!) {
    payerList(id: $id) {
      payee
      payer
      requests {
        id
      }
    }
  }
`)

/**
 * The requests `/pay-several` offers: with `?list=<id>`, those a payee's link lists for one payer
 * (with the list's payee and payer); else those this browser opened.
 */
export function useRequestsToPay() {
  const opened = useStore(openedRequests)
  const listId = new URLSearchParams(useSearch()).get('list')
  const list = useQuery({
    queryKey: ['payer-list', listId],
    enabled: listId !== null,
    retry: false,
    queryFn: async () => (await query(PayerListQuery, { id: listId! })).payerList,
  })
  return { list, ids: listId === null ? opened : (list.data?.requests.map((r) => r.id) ?? []) }
}
