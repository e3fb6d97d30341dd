import { useStore } from '@nanostores/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Address } from 'viem'
import { useLocation } from 'wouter'
import type { PayoutAsset, PayoutProblem } from '../../../domain/payout.ts'
import { moneyFieldText, readMoney } from '../../components/MoneyField.tsx'
import { fieldErrorOf, mutate } from '../../graphql/apiClient.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { fillText } from '../../i18n/fill.tsx'
import { locale } from '../../i18n/i18n.ts'
import { useBatchSend } from '../../wallet/useBatchSend.ts'
import { checkRows, emptyRow, PAYOUT_LIMITS, type PayoutRowDraft, type RowField } from './payoutForm.ts'
import { PayoutFileField } from './PayoutFileField.tsx'
import { PayoutLineFields } from './PayoutLineFields.tsx'
import { PayoutPreview } from './PayoutPreview.tsx'
import { PAYOUTS_KEY, payoutKey, PreparePayoutMutation } from './payoutOperations.ts'
import { payoutFormText, payoutProblemText } from './payoutsText.ts'

type PayoutChain = { id: number; name: string; assets: readonly PayoutAsset[] }

/**
 * A payout's lines, typed or read from a CSV file (added to what was typed, never replacing it),
 * each problem shown on its line's field; then a preview with each token's total, and one
 * confirmation in the wallet. The lines are paid once the chain shows them, on the payout's page.
 */
export function NewPayoutForm({ payee, chain }: { payee: Address; chain: PayoutChain }) {
  const t = useStore(payoutFormText)
  const problemsText = useStore(payoutProblemText)
  const code = useStore(locale)
  const moneyText = useStore(moneyFieldText)
  const client = useQueryClient()
  const [, navigate] = useLocation()
  const send = useBatchSend()
  const defaultToken = chain.assets.find((a) => a.symbol === 'USDC')?.symbol ?? chain.assets[0]?.symbol ?? ''
  const [rows, setRows] = useState<PayoutRowDraft[]>(() => [emptyRow(defaultToken)])
  const [tried, setTried] = useState(false)
  const [previewing, setPreviewing] = useState(false)
  const [ready, setReady] = useState<ResultOf<typeof PreparePayoutMutation>['preparePayout']>()

  const assetOf = (symbol: string) => chain.assets.find((a) => a.symbol === symbol)
  const readings = rows.map((r) =>
    readMoney(r.amount, { symbol: r.token, decimals: assetOf(r.token)?.decimals, required: true }, code, moneyText),
  )
  const checked = checkRows(rows, readings, { payee, assets: chain.assets })
  const problemSentence = (p: PayoutProblem) =>
    fillText(problemsText[p.kind], { max: String(PAYOUT_LIMITS[p.kind as keyof typeof PAYOUT_LIMITS] ?? '') })

  const payout = useMutation({
    mutationFn: async (lines: Extract<typeof checked, { ok: true }>['lines']) => {
      // A payout the wallet declined is sent again as it was, not prepared twice.
      const prepared =
        ready ??
        (
          await mutate(PreparePayoutMutation, {
            chainId: chain.id,
            lines: lines.map((l) => ({
              address: l.to,
              amount: l.decimal,
              token: l.asset.symbol,
              note: l.note,
            })),
          })
        ).preparePayout
      setReady(prepared)
      await send(
        prepared.chainId,
        prepared.lines.map((l) => ({ ...l.call, value: BigInt(l.call.value) })),
      )
      return prepared.id
    },
    onSuccess: (id) => {
      void client.invalidateQueries({ queryKey: PAYOUTS_KEY })
      void client.invalidateQueries({ queryKey: payoutKey(id) })
      navigate(`/payouts/${id}`)
    },
  })

  const update = (key: number, change: Partial<PayoutRowDraft>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)))
  const rowError = (line: number, field: RowField, reading?: { error: string | undefined }) => {
    const server = fieldErrorOf(payout.error, `lines.${line}.${field}`)
    if (!tried) return server
    if (reading?.error) return reading.error
    const problem = !checked.ok ? checked.byRow.get(line)?.[field] : undefined
    return (problem && problemSentence(problem)) ?? server
  }

  if (previewing && checked.ok)
    return (
      <PayoutPreview
        chain={chain}
        checked={checked}
        error={payout.error}
        pending={payout.isPending}
        onEdit={() => {
          setPreviewing(false)
          setReady(undefined)
        }}
        onConfirm={() => payout.mutate(checked.lines)}
      />
    )

  return (
    <form
      className="card stack"
      aria-labelledby="new-payout-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        payout.reset()
        if (checked.ok) setPreviewing(true)
      }}
    >
      <h2 id="new-payout-title">{t.heading}</h2>
      <p>{fillText(t.chain, { chain: chain.name })}</p>
      <PayoutFileField
        rows={rows}
        assets={chain.assets}
        problemSentence={problemSentence}
        onLines={(next) => {
          setRows(next)
          setTried(true)
        }}
      />
      <ol className="payout-lines">
        {rows.map((row, i) => {
          const line = i + 1
          return (
            <PayoutLineFields
              key={row.key}
              row={row}
              line={line}
              assets={chain.assets}
              reading={readings[i]!}
              errorOf={(field) => rowError(line, field, field === 'amount' ? readings[i] : undefined)}
              onChange={(change) => update(row.key, change)}
              onRemove={rows.length > 1 ? () => setRows((all) => all.filter((r) => r.key !== row.key)) : undefined}
            />
          )
        })}
      </ol>
      {tried && !checked.ok && (
        <div className="notice error" role="alert" data-testid="payout-fix-lines">
          <p>{t.fixLines}</p>
          {checked.general.length > 0 && (
            <ul>
              {checked.general.map((p) => (
                <li key={`${p.row}-${p.kind}`}>{problemSentence(p)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="actions">
        <button type="button" className="button" onClick={() => setRows((all) => [...all, emptyRow(defaultToken)])}>
          {t.add}
        </button>
        <button type="submit" className="button primary">
          {t.preview}
        </button>
      </div>
    </form>
  )
}
