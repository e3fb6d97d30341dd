import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { formatEther } from 'viem'
import { Field } from '../../components/Field.tsx'
import { fieldErrorOf } from '../../graphql/apiClient.ts'
import type { RelayerData } from './relayerOperations.ts'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { relayerSafetyText } from './relayersText.ts'

export type RelayerUpdate = { enabled?: boolean; feeCap?: string; revertBudget?: number; resume?: boolean }
type Update = { mutate(change: RelayerUpdate): void; isPending: boolean; error: unknown }

/** Said while the relayer's reverts passed its budget: why, what payers see, and the way to resume. */
export function RelayerPausedNotice({ relayer, update }: { relayer: RelayerData; update: Update }) {
  const t = useStore(relayerSafetyText)
  const { dateTime } = useFormat()
  if (!relayer.pausedAt) return null
  return (
    <div className="notice warning stack" role="alert" data-testid="relayer-paused">
      <p>{fillText(t.pausedSince, { date: dateTime(relayer.pausedAt), reason: relayer.pausedReason ?? '' })}</p>
      <button
        type="button"
        className="button"
        disabled={update.isPending}
        onClick={() => update.mutate({ resume: true })}
      >
        {t.resume}
      </button>
    </div>
  )
}

/** How many reverted relays an hour the payee accepts before payments without gas pause. */
export function RevertBudgetForm({
  relayer,
  chainName,
  update,
}: {
  relayer: RelayerData
  chainName: string
  update: Update
}) {
  const t = useStore(relayerSafetyText)
  const [typed, setTyped] = useState<string>()
  const shown = typed ?? String(relayer.revertBudget)
  const problem = !/^\d{1,3}$/.test(shown.trim()) || Number(shown) < 1 || Number(shown) > 100
  return (
    <form
      className="cluster"
      onSubmit={(event) => {
        event.preventDefault()
        if (problem) return
        update.mutate({ revertBudget: Number(shown) })
        setTyped(undefined)
      }}
      noValidate
      aria-label={fillText(t.budgetLabel, { chain: chainName })}
    >
      <Field
        id={`budget-${relayer.chainId}`}
        label={t.budget}
        error={problem ? t.budgetError : fieldErrorOf(update.error, 'revertBudget')}
      >
        <input
          id={`budget-${relayer.chainId}`}
          inputMode="numeric"
          value={shown}
          onChange={(e) => setTyped(e.target.value)}
        />
      </Field>
      <button type="submit" className="button" disabled={update.isPending || problem || typed === undefined}>
        {t.saveBudget}
      </button>
    </form>
  )
}

/** What failed relays cost the relayer: reverted ones, and the fills that took expired ones' nonces. */
export function WastedFigure({ relayer, symbol }: { relayer: RelayerData; symbol: string }) {
  const t = useStore(relayerSafetyText)
  return (
    <div>
      <dt>{t.wasted}</dt>
      <dd data-testid="relayer-wasted">
        {fillText(t.wastedDetail, { amount: `${formatEther(BigInt(relayer.wastedFee))} ${symbol}` })}
      </dd>
    </div>
  )
}

/** An update's error unless a form field shows it beside its input. */
export const unfieldedError = (error: unknown) =>
  fieldErrorOf(error, 'feeCap') || fieldErrorOf(error, 'revertBudget') ? null : error
