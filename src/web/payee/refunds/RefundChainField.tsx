import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { sameAddress } from '../../../domain/sameAddress.ts'
import { Field } from '../../components/Field.tsx'
import { fillText } from '../../i18n/fill.tsx'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { refundDialogText } from './refundsText.ts'

/**
 * The chain a refund goes back on, as the server decides it when not told: where the recipient
 * paid (a contract wallet may not exist at its address elsewhere), picked among them when they paid
 * on several; the request's own for a recipient who did not pay.
 */
export function useRefundChain(request: PaymentRequestData, to: string) {
  const core = useWalletCore()
  const t = useStore(refundDialogText)
  const [picked, setPicked] = useState<number | undefined>()
  const paidOn = [...new Set(request.payments.filter((p) => sameAddress(p.from, to.trim())).map((p) => p.chainId))]
  const options = paidOn.length > 0 ? paidOn : [request.chainId]
  const chainId = picked !== undefined && options.includes(picked) ? picked : options[0]!
  const chain = core.chains.find((c) => c.id === chainId)
  return {
    chainId,
    chain,
    name: chain?.name ?? fillText(t.chainFallback, { id: chainId }),
    options,
    /** Only a request paid on more than its own chain asks: on one chain there is nothing to choose or say. */
    shown: request.payments.some((p) => p.chainId !== request.chainId),
    nameOf: (id: number) => core.chains.find((c) => c.id === id)?.name ?? fillText(t.chainFallback, { id }),
    pick: setPicked,
  }
}

/** Shown only for a request paid on more than its own chain: which chain the refund goes back on. */
export function RefundChainField({
  refundChain,
  error,
}: {
  refundChain: ReturnType<typeof useRefundChain>
  error?: string
}) {
  const t = useStore(refundDialogText)
  if (!refundChain.shown) return null
  return (
    <Field id="refund-chain" label={t.chain} hint={t.chainHint} error={error}>
      <select
        id="refund-chain"
        value={refundChain.chainId}
        disabled={refundChain.options.length < 2}
        onChange={(e) => refundChain.pick(Number(e.target.value))}
      >
        {refundChain.options.map((id) => (
          <option key={id} value={id}>
            {refundChain.nameOf(id)}
          </option>
        ))}
      </select>
    </Field>
  )
}
