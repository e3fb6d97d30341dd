import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { formatAmount } from '../../../domain/amount.ts'
import { readSubscriptionOffers } from '../../../wallet/subscriptionOffers.ts'
import { query } from '../../graphql/apiClient.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { publicClientFor } from '../../publicClients.ts'
import { useConnection, useWalletCore } from '../../wallet/WalletProvider.tsx'
import { Permit2RequestQuery, PlanQuery } from './subscriptionOperations.ts'

type Plan = NonNullable<ResultOf<typeof PlanQuery>['subscriptionPlan']>
type Permit2Request = { typedData: { types: Record<string, unknown>; message: PermitMessage }; total: string }
type PermitMessage = { details: { token: Address } }

/**
 * What the connected wallet can start the plan with (safest first) and, when Permit2 is among them,
 * the permit it would sign with its total: read once and shared by the page's words and its offers.
 */
export function useSubscriptionOffers(plan: Plan, startTime: number) {
  const format = useFormat()
  const core = useWalletCore()
  const connection = useConnection()
  const connected = connection.status === 'connected' ? connection : undefined
  const account = connected?.address as Address | undefined
  const provider = connected?.wallet.provider
  const client = publicClientFor(core.chains, plan.chainId)
  const offers = useQuery({
    queryKey: ['subscription-offers', account, plan.chainId],
    queryFn: () => readSubscriptionOffers(provider!, client!, { chainId: plan.chainId, account: account! }),
    enabled: Boolean(provider && account && client),
    staleTime: Infinity,
  })
  const permit2 = useQuery({
    queryKey: ['permit2-request', plan.id, account, startTime],
    queryFn: async () =>
      JSON.parse(
        (await query(Permit2RequestQuery, { planId: plan.id, startTime, payer: account! })).subscriptionPermit2Request,
      ) as Permit2Request,
    enabled: Boolean(account && offers.data?.mechanisms.includes('permit2')),
    staleTime: Infinity,
    retry: false,
  })
  const total = permit2.data
    ? format.asset(formatAmount(BigInt(permit2.data.total), plan.decimals), plan.symbol)
    : undefined
  return { connected, account, provider, client, offers, permit2, total }
}
