import { useMutation, useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useLocation } from 'wouter'
import { delegationToSign } from '../../../domain/delegation.ts'
import { newPaymentReference } from '../../../domain/paymentReference.ts'
import { pricedRequestTypedData, type checkPricedRequestDraft } from '../../../domain/pricedRequest.ts'
import { mutate, query } from '../../graphql/apiClient.ts'
import { graphql } from '../../graphql/graphql.ts'
import { AuthoriseApiKeyMutation } from '../developers/merchantOperations.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'

const QuotableAssetsQuery = graphql(`
  query QuotableAssets($chainId: Int!) {
    quotableAssets(chainId: $chainId) {
      address
      symbol
      decimals
    }
  }
`)

const PrepareQuoteKeyMutation = graphql(`
  mutation PrepareQuoteKey {
    prepareQuoteKey {
      id
      authorisedAt
      delegation {
        payee
        delegate
        keyName
        expiresAt
      }
    }
  }
`)

const CreatePricedMutation = graphql(`
  mutation CreatePricedPaymentRequest($input: CreatePricedPaymentRequestInput!) {
    createPricedPaymentRequest(input: $input) {
      id
    }
  }
`)

/** The tokens of a chain a priced request can accept (those with a USD feed there). */
export function useQuotableAssets(chainId: number) {
  return useQuery({
    queryKey: ['quotableAssets', chainId],
    queryFn: async () => (await query(QuotableAssetsQuery, { chainId })).quotableAssets,
    enabled: Number.isSafeInteger(chainId) && chainId > 0,
    staleTime: Infinity,
  })
}

/** The payee's quote key, authorised by one wallet signature the first time (good for a year). */
export async function ensureQuoteKey(connection: ReturnType<typeof useWalletCore>['connection']) {
  const key = (await mutate(PrepareQuoteKeyMutation, {})).prepareQuoteKey
  if (key.authorisedAt) return
  const signature = await connection.signTypedData(delegationToSign(key.delegation))
  await mutate(AuthoriseApiKeyMutation, { id: key.id, signature })
}

/**
 * Makes a priced request: the first time, the wallet authorises the payee's quote key (one signature,
 * good for a year); then it signs the price, tokens and tolerance with a fresh reference; the server
 * stores them and the request opens.
 */
export function useCreatePricedRequest({
  checked,
  price,
  tolerance,
  payee,
  walletChainId,
}: {
  checked: ReturnType<typeof checkPricedRequestDraft>
  /** As typed (a plain decimal): the server parses them again. */
  price: string
  tolerance: string
  payee: Address
  walletChainId: number
}) {
  const { connection } = useWalletCore()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: async () => {
      if (!checked.ok) throw new Error('unreachable: the button is disabled while the form has errors')
      await ensureQuoteKey(connection)
      const terms = { ...checked.terms, payee, reference: newPaymentReference() }
      // Wallets sign EIP-712 data only on the chain its domain names.
      if (walletChainId !== terms.chainId) await connection.switchChain(terms.chainId)
      const signature = await connection.signTypedData(pricedRequestTypedData(terms))
      const { createPricedPaymentRequest } = await mutate(CreatePricedMutation, {
        input: {
          chainId: terms.chainId,
          currency: terms.currency,
          price,
          acceptedAssets: [...terms.acceptedAssets],
          tolerance,
          payer: terms.payer,
          memo: terms.memo,
          dueAt: terms.dueAt.toISOString(),
          reference: terms.reference,
          signature,
        },
      })
      return createPricedPaymentRequest
    },
    onSuccess: (request) => navigate(`/requests/${request.id}`),
  })
}
