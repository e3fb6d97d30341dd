import { useMutation } from '@tanstack/react-query'
import type { Address, TypedDataDefinition } from 'viem'
import { useLocation } from 'wouter'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import type { checkPaymentRequestDraft } from '../../domain/paymentRequest.ts'
import { requestTermsTypedData, type AcceptedChain } from '../../domain/requestChains.ts'
import { mutate } from '../graphql/apiClient.ts'
import { CreatePaymentRequestMutation } from '../requests/requestOperations.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { useSession } from '../auth/useSession.ts'

/**
 * Signs the checked terms (over every chain they accept) with a fresh reference in the wallet (on the terms' chain), stores them,
 * opens the request. A member's wallet is not the payee's: the business's members' delegate signs on the server.
 */
export function useCreateRequest({
  checked,
  amount,
  payee,
  walletChainId,
  alsoOn,
}: {
  checked: ReturnType<typeof checkPaymentRequestDraft>
  /** As typed: the server parses it again. */
  amount: string
  payee: Address
  walletChainId: number
  /** The other chains it may be paid on; none for its own chain alone. */
  alsoOn: readonly AcceptedChain[]
}) {
  const { connection } = useWalletCore()
  const session = useSession()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: async () => {
      if (!checked.ok) throw new Error('unreachable: the button is disabled while the form has errors')
      const own = { chainId: checked.terms.chainId, asset: checked.terms.asset }
      const terms = { ...checked.terms, payee, reference: newPaymentReference(), acceptedChains: [own, ...alsoOn] }
      const signAsPayee = async () => {
        // Wallets sign EIP-712 data only on the chain its domain names.
        if (walletChainId !== terms.chainId) await connection.switchChain(terms.chainId)
        return connection.signTypedData(requestTermsTypedData(terms) as TypedDataDefinition)
      }
      const signature = session.data?.role === 'owner' ? await signAsPayee() : null
      const { createPaymentRequest } = await mutate(CreatePaymentRequestMutation, {
        input: {
          chainId: terms.chainId,
          asset: terms.asset,
          amount,
          payer: terms.payer,
          memo: terms.memo,
          dueAt: terms.dueAt.toISOString(),
          reference: terms.reference,
          signature,
          // Listed even when empty: left out, the server would take every chain with the token.
          acceptedChains: alsoOn.map((c) => ({ chainId: c.chainId, asset: c.asset })),
        },
      })
      return createPaymentRequest
    },
    onSuccess: (request) => navigate(`/requests/${request.id}`),
  })
}
