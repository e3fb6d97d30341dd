import { useMutation } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useLocation } from 'wouter'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { paymentRequestTypedData, type checkPaymentRequestDraft } from '../../domain/paymentRequest.ts'
import { mutate } from '../graphql/apiClient.ts'
import { CreatePaymentRequestMutation } from '../requests/requestOperations.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { useSession } from '../auth/useSession.ts'

/**
 * Signs the checked terms with a fresh reference in the wallet (on the terms' chain), stores them,
 * opens the request. A member's wallet is not the payee's: the business's members' delegate signs on the server.
 */
export function useCreateRequest({
  checked,
  amount,
  payee,
  walletChainId,
}: {
  checked: ReturnType<typeof checkPaymentRequestDraft>
  /** As typed: the server parses it again. */
  amount: string
  payee: Address
  walletChainId: number
}) {
  const { connection } = useWalletCore()
  const session = useSession()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: async () => {
      if (!checked.ok) throw new Error('unreachable: the button is disabled while the form has errors')
      const terms = { ...checked.terms, payee, reference: newPaymentReference() }
      const signAsPayee = async () => {
        // Wallets sign EIP-712 data only on the chain its domain names.
        if (walletChainId !== terms.chainId) await connection.switchChain(terms.chainId)
        return connection.signTypedData(paymentRequestTypedData(terms))
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
        },
      })
      return createPaymentRequest
    },
    onSuccess: (request) => navigate(`/requests/${request.id}`),
  })
}
