import { useStore } from '@nanostores/react'
import { useMutation } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from '../../../../domain/transferAuthorization.ts'
import { ErrorNotice } from '../../../components/ErrorNotice.tsx'
import { mutate, query } from '../../../graphql/apiClient.ts'
import { graphql } from '../../../graphql/graphql.ts'
import { fillText } from '../../../i18n/fill.tsx'
import { gaslessText } from '../../../i18n/payerMessages.ts'
import { useFormat } from '../../../i18n/useFormat.ts'
import type { PaymentRequestData } from '../../../requests/requestOperations.ts'
import { useWalletCore } from '../../../wallet/WalletProvider.tsx'

const AuthorizationQuery = graphql(`
  query TransferAuthorization($requestId: String!, $payer: String!, $chainId: Int!) {
    transferAuthorization(requestId: $requestId, payer: $payer, chainId: $chainId) {
      domain {
        name
        version
        chainId
        verifyingContract
      }
      message {
        from
        to
        value
        validAfter
        validBefore
        nonce
      }
    }
  }
`)

const PayMutation = graphql(`
  mutation PayWithAuthorization(
    $requestId: String!
    $authorization: TransferAuthorizationInput!
    $signature: String!
    $chainId: Int!
  ) {
    payWithAuthorization(
      requestId: $requestId
      authorization: $authorization
      signature: $signature
      chainId: $chainId
    ) {
      state
      reason
      transactionHash
    }
  }
`)

/**
 * *Pay without gas*: the payer's wallet signs the ERC-3009 authorization the server drew up (to the
 * payee, exactly what is due, a nonce carrying the reference) and the payee's relayer sends it, on the
 * chain the page pays on (`request` as on that chain). The
 * page then follows the request as for any payment; a relay that waits says why.
 */
export function PayWithoutGas({
  request,
  payer,
  amount,
  primary,
  onSent,
}: {
  request: PaymentRequestData
  payer: Address
  amount: bigint
  primary: boolean
  onSent: (hash: string) => void
}) {
  const core = useWalletCore()
  const t = useStore(gaslessText)
  const format = useFormat()
  const pay = useMutation({
    mutationFn: async () => {
      const { domain, message: m } = (
        await query(AuthorizationQuery, { requestId: request.id, payer, chainId: request.chainId })
      ).transferAuthorization
      const signature = await core.connection.signTypedData({
        domain: { ...domain, verifyingContract: domain.verifyingContract as Address },
        types: TRANSFER_WITH_AUTHORIZATION_TYPES,
        primaryType: 'TransferWithAuthorization',
        message: {
          from: m.from as Address,
          to: m.to as Address,
          value: BigInt(m.value),
          validAfter: BigInt(m.validAfter),
          validBefore: BigInt(m.validBefore),
          nonce: m.nonce as Hex,
        },
      })
      const relay = (
        await mutate(PayMutation, { requestId: request.id, authorization: m, signature, chainId: request.chainId })
      ).payWithAuthorization
      if (relay.state !== 'waiting' && relay.transactionHash) onSent(relay.transactionHash)
      return relay
    },
  })
  const waiting = pay.data?.state === 'waiting' ? pay.data : undefined
  return (
    <div className="gasless">
      <button
        type="button"
        className={primary ? 'button primary large' : 'button'}
        onClick={() => pay.mutate()}
        disabled={pay.isPending || waiting !== undefined}
        data-testid="pay-gasless"
      >
        {pay.isPending
          ? t.signInWallet
          : fillText(t.payButton, {
              amount: format.units(amount, request.decimals, request.symbol),
              symbol: request.symbol,
            })}
      </button>
      <p className="hint">{t.hint}</p>
      {waiting && (
        <p className="notice" role="status" data-testid="relay-waiting">
          {fillText(t.waiting, { reason: waiting.reason ?? '' })}
        </p>
      )}
      <ErrorNotice error={pay.error} />
    </div>
  )
}
