import { useStore } from '@nanostores/react'
import type { Address } from 'viem'
import { shortAddress } from '../../components/shortAddress.ts'
import { TransactionLink } from '../../components/TransactionLink.tsx'
import { fill } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { refundPanelText } from './refundsText.ts'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'
import { RefundDialog } from './RefundDialog.tsx'
import { useCan, useSession } from '../../auth/useSession.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Hex } from 'viem'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { requestKey } from '../../requests/requestOperations.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { refundChoices } from './refundOperations.ts'

const STATES: readonly string[] = ['awaiting_transfer', 'refunded', 'cancelled', 'expired']

/** The payee's refunds of a request: each with where it stands, and the way to send one more. */
export function RefundPanel({ request }: { request: PaymentRequestData }) {
  const t = useStore(refundPanelText)
  const can = useCan()
  const format = useFormat()
  const owner = useSession().data?.role === 'owner'
  const core = useWalletCore()
  const client = useQueryClient()
  // Each refund goes back on its own chain: the one its recipient paid on.
  const chainOf = (chainId: number) => core.chains.find((c) => c.id === chainId)
  // Refunds this page sent, until the chain records them: their button stays away, so nothing is sent twice.
  const [sent, setSent] = useState<Readonly<Record<string, Hex>>>({})
  // A refund a member prepared waits for the business's own wallet, which alone can send it.
  const send = useMutation({
    mutationFn: async ({ id, transaction }: PaymentRequestData['refunds'][number]) => ({
      id,
      hash: await core.connection.sendTransaction({
        to: transaction.to as Hex,
        value: BigInt(transaction.value),
        data: transaction.data as Hex,
        chainId: transaction.chainId,
      }),
    }),
    onSuccess: ({ id, hash }) => {
      setSent((before) => ({ ...before, [id]: hash }))
      void client.invalidateQueries({ queryKey: requestKey(request.id) })
    },
  })
  if (request.price || BigInt(request.received) === 0n) return null
  const { available } = refundChoices(request)
  return (
    <section className="refunds stack" aria-labelledby="refunds-title">
      <h2 id="refunds-title">{t.title}</h2>
      {request.refunds.length === 0 ? (
        <p className="hint">{t.intro}</p>
      ) : (
        <ul className="refund-list" data-testid="refund-list">
          {request.refunds.map((r) => (
            <li key={r.id}>
              {fill(t.line, {
                amount: (
                  <strong>
                    {format.amount(r.amountDecimal, request.symbol)} {request.symbol}
                  </strong>
                ),
                address: <span className="mono">{shortAddress(r.to as Address)}</span>,
                date: format.dateTime(r.createdAt),
              })}{' '}
              <span data-testid="refund-state">
                {/* A member's refund waits for the owner's wallet, not theirs. */}
                {r.state === 'awaiting_transfer' && !owner
                  ? t.awaitingOwner
                  : STATES.includes(r.state)
                    ? t[r.state as 'awaiting_transfer' | 'refunded' | 'cancelled' | 'expired']
                    : r.state}
              </span>
              {owner && r.state === 'awaiting_transfer' && r.transfers.length === 0 && sent[r.id] && (
                <span data-testid="refund-sent-waiting">
                  {' '}
                  {t.sentWaiting} <TransactionLink chain={chainOf(r.transaction.chainId)} hash={sent[r.id]!} />
                </span>
              )}
              {owner && r.state === 'awaiting_transfer' && r.transfers.length === 0 && !sent[r.id] && (
                <>
                  {' '}
                  <button type="button" className="button" disabled={send.isPending} onClick={() => send.mutate(r)}>
                    {t.send}
                  </button>
                </>
              )}
              {r.transfers.map((t) => (
                <span key={`${t.txHash}:${t.logIndex}`}>
                  {' '}
                  <TransactionLink chain={chainOf(r.transaction.chainId)} hash={t.txHash} />
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      <ErrorNotice error={send.error} />
      {available > 0n && can('refunds:send') && <RefundDialog request={request} />}
    </section>
  )
}
