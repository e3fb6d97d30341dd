import { useStore } from '@nanostores/react'
import { useMutation, useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import type { Address } from 'viem'
import en from '../../../i18n/catalogs/payer/batch/en.ts'
import { sumAmounts } from '../../../domain/money.ts'
import { sameAddress } from '../../../domain/sameAddress.ts'
import { paymentTransaction } from '../../../domain/paymentTransaction.ts'
import { shortAddress } from '../../components/shortAddress.ts'
import { ConnectButton } from '../../components/ConnectButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { fill, fillText } from '../../i18n/fill.tsx'
import { i18n } from '../../i18n/i18n.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { paymentRequestQuery } from '../../requests/paymentRequestQuery.ts'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'
import { useBatchSend } from '../../wallet/useBatchSend.ts'
import { useConnection, useWalletCore } from '../../wallet/WalletProvider.tsx'
import { SwitchChainButton } from '../SwitchChainButton.tsx'
import { settledBatch } from '../../../wallet/batchCalls.ts'
import { UserRejectedError } from '../../../wallet/walletErrors.ts'
import { publicClientFor } from '../../publicClients.ts'
import { BatchReceipt } from './BatchReceipt.tsx'
import { useRequestsToPay } from './useRequestsToPay.ts'
import { whyNonePaid, type NonePaid } from './whyNonePaid.ts'

export const batchText = i18n('payer/batch/page', en['payer/batch/page'])

/** What a batch came to: the requests sent, or none paid and why. */
type BatchResult = { paid: string[] } | { nonePaid: NonePaid | { why: 'failed' }; count: number }

function nonePaidSentence(
  t: (typeof en)['payer/batch/page'],
  { nonePaid, count }: Extract<BatchResult, { nonePaid: unknown }>,
  format: ReturnType<typeof useFormat>,
) {
  if (nonePaid.why === 'failed') return fillText(t.nonePaidFailed, { count: String(count) })
  if (nonePaid.why === 'reverted') return fillText(t.nonePaidReverted, { count: String(count) })
  return fillText(t.nonePaidBalance, {
    count: String(count),
    symbol: nonePaid.symbol,
    balance: format.assetUnits(nonePaid.balance, nonePaid.decimals, nonePaid.symbol),
    total: format.assetUnits(nonePaid.total, nonePaid.decimals, nonePaid.symbol),
  })
}

const dueOf = (r: PaymentRequestData) => (r.directPayment.available ? BigInt(r.directPayment.due) : 0n)

/**
 * `/pay-several`: the open requests this browser opened, or with `?list=<id>` those a payee's link
 * lists for one payer; any of them paid with one wallet confirmation (EIP-5792), one payment a
 * request with its own reference; then one receipt listing each.
 */
export function PaySeveralPage() {
  const t = useStore(batchText)
  const format = useFormat()
  useDocumentTitle(t.title)
  const { chains } = useWalletCore()
  const connection = useConnection()
  const send = useBatchSend()
  const { list, ids } = useRequestsToPay()
  const requests = useQueries({ queries: ids.map((id) => paymentRequestQuery(id)) })
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
  const pay = useMutation({
    mutationFn: async (chosen: PaymentRequestData[]): Promise<BatchResult> => {
      const chainId = chosen[0]!.chainId
      // One call a request, each carrying its own reference: the watcher matches each payment alone.
      const calls = chosen.map((r) => paymentTransaction(r, dueOf(r)))
      const lines = chosen.map((r) => ({ asset: r.asset, symbol: r.symbol, decimals: r.decimals, due: dueOf(r) }))
      const client = publicClientFor(chains, chainId)
      const explain = () =>
        client && connection.status === 'connected'
          ? whyNonePaid(client, connection.address, lines)
          : Promise.resolve<NonePaid>({ why: 'reverted' })
      let sent
      try {
        sent = await send(chainId, calls)
      } catch (error) {
        // A wallet that will not send a batch that would fail sent nothing; a balance short of the total says why.
        if (error instanceof UserRejectedError) throw error
        const why = await explain().catch(() => undefined)
        if (why?.why === 'balance') return { nonePaid: why, count: chosen.length }
        throw error
      }
      const [only] = sent.batches
      if (
        sent.atomic &&
        sent.batches.length === 1 &&
        only!.sent.kind === 'calls' &&
        connection.status === 'connected'
      ) {
        // One transaction for all: a failed one paid none, which the wallet's status says before the chain is read.
        const status = await settledBatch(connection.wallet.provider, only!.sent.id)
        if (status.state === 'failed-offchain') return { nonePaid: { why: 'failed' }, count: chosen.length }
        if (status.state === 'reverted') return { nonePaid: await explain(), count: chosen.length }
      }
      return { paid: chosen.map((r) => r.id) }
    },
  })
  if (pay.data && 'paid' in pay.data) return <BatchReceipt ids={pay.data.paid} />
  const nonePaid = pay.data && 'nonePaid' in pay.data ? pay.data : undefined
  if (list.error) return <ErrorNotice error={list.error} />
  if (list.isLoading || requests.some((q) => q.isPending)) return <p role="status">{t.loading}</p>
  const open = requests.flatMap((q) => (q.data && dueOf(q.data) > 0n ? [q.data] : []))
  const chosen = open.filter((r) => picked.has(r.id))
  const chainIds = new Set(chosen.map((r) => r.chainId))
  const chain = chains.find((c) => chainIds.size === 1 && chainIds.has(c.id))
  const symbols = [...new Set(chosen.map((r) => r.symbol))]
  const total = symbols
    .map((symbol) => {
      const of = chosen.filter((r) => r.symbol === symbol)
      return format.assetUnits(sumAmounts(of.map(dueOf)), of[0]!.decimals, symbol)
    })
    .join(' + ')
  return (
    <section className="card stack" aria-labelledby="pay-several-title">
      <h1 id="pay-several-title">{t.title}</h1>
      <p className="hint">
        {list.data
          ? fill(t.listIntro, {
              payee: <span className="mono">{shortAddress(list.data.payee as Address)}</span>,
              payer: <span className="mono">{shortAddress(list.data.payer as Address)}</span>,
            })
          : t.intro}
      </p>
      {list.data && connection.status === 'connected' && !sameAddress(connection.address, list.data.payer) && (
        <p className="notice warning" role="alert">
          {fill(t.listOtherAccount, { payer: <span className="mono">{list.data.payer}</span> })}
        </p>
      )}
      {open.length === 0 ? (
        <p data-testid="pay-several-none">{list.data ? t.listNone : t.none}</p>
      ) : (
        <fieldset className="choices">
          <legend>{t.choose}</legend>
          {open.map((r) => (
            <label key={r.id} data-testid="pay-several-request">
              <input
                type="checkbox"
                checked={picked.has(r.id)}
                onChange={(e) =>
                  setPicked((now) => {
                    const next = new Set(now)
                    if (e.target.checked) next.add(r.id)
                    else next.delete(r.id)
                    return next
                  })
                }
              />{' '}
              {fillText(t.request, {
                amount: format.asset(r.amountDecimal, r.symbol),
                payee: r.payeeProfile?.displayName ?? shortAddress(r.payee as Address),
              })}
              {r.memo ? ` · ${r.memo}` : ''}
              {BigInt(r.received) > 0n &&
                ` (${fillText(t.dueOf, { due: format.assetUnits(dueOf(r), r.decimals, r.symbol), amount: format.asset(r.amountDecimal, r.symbol) })})`}
            </label>
          ))}
        </fieldset>
      )}
      {chainIds.size > 1 && (
        <p className="notice warning" role="alert">
          {t.oneNetwork}
        </p>
      )}
      {chain && (
        <p data-testid="pay-several-total">
          {fillText(t.total, { total, count: String(chosen.length), chain: chain.name })}
        </p>
      )}
      <ErrorNotice error={pay.error} />
      {nonePaid && (
        <p className="notice error" role="alert" data-testid="pay-several-none-paid">
          {nonePaidSentence(t, nonePaid, format)}
        </p>
      )}
      {chain && (
        <div className="actions">
          {connection.status !== 'connected' ? (
            <ConnectButton />
          ) : connection.chainId !== chain.id ? (
            <SwitchChainButton chainId={chain.id} chainName={chain.name} />
          ) : (
            <button
              type="button"
              className="button primary"
              disabled={pay.isPending}
              onClick={() => pay.mutate(chosen)}
            >
              {pay.isPending ? t.paying : fillText(t.pay, { count: String(chosen.length) })}
            </button>
          )}
        </div>
      )}
    </section>
  )
}
