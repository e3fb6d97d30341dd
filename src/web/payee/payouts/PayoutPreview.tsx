import { useStore } from '@nanostores/react'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { SwitchChainButton } from '../../pay/SwitchChainButton.tsx'
import { useConnection } from '../../wallet/WalletProvider.tsx'
import type { checkRows } from './payoutForm.ts'
import { payoutFormText } from './payoutsText.ts'

type Checked = Extract<ReturnType<typeof checkRows>, { ok: true }>

/** The payout as it will go: each line, each token's total, and the one confirmation in the wallet. */
export function PayoutPreview({
  chain,
  checked,
  error,
  pending,
  onEdit,
  onConfirm,
}: {
  chain: { id: number; name: string }
  checked: Checked
  error: unknown
  pending: boolean
  onEdit: () => void
  onConfirm: () => void
}) {
  const t = useStore(payoutFormText)
  const format = useFormat()
  const connection = useConnection()
  const onChain = connection.status === 'connected' && connection.chainId === chain.id
  return (
    <section className="card stack" aria-labelledby="payout-preview-title" data-testid="payout-preview">
      <h2 id="payout-preview-title">{t.previewHeading}</h2>
      <p>{fillText(t.chain, { chain: chain.name })}</p>
      <div className="table-scroll">
        <table className="requests">
          <caption className="visually-hidden">{t.previewHeading}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t.recipient}</th>
              <th scope="col" className="num">
                {t.amountColumn}
              </th>
              <th scope="col">{t.note}</th>
            </tr>
          </thead>
          <tbody>
            {checked.lines.map((l) => (
              <tr key={l.line}>
                <td>{l.line}</td>
                <td className="mono">{l.to}</td>
                <td className="num">{format.assetUnits(l.amount, l.asset.decimals, l.asset.symbol)}</td>
                <td>{l.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p data-testid="payout-total">
        <strong>{t.total}</strong>{' '}
        {checked.totals.map((x) => format.assetUnits(x.total, x.decimals, x.symbol)).join(' + ')} (
        {fillText(t.lines, { count: String(checked.lines.length) })})
      </p>
      <p className="hint">{t.oneConfirmation}</p>
      <ErrorNotice error={error} />
      <div className="actions">
        <button type="button" className="button" onClick={onEdit}>
          {t.edit}
        </button>
        {onChain ? (
          <button type="button" className="button primary" disabled={pending} onClick={onConfirm}>
            {pending ? t.confirming : t.confirm}
          </button>
        ) : (
          <SwitchChainButton chainId={chain.id} chainName={chain.name} />
        )}
      </div>
    </section>
  )
}
