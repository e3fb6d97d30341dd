import { useStore } from '@nanostores/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { formatEther, parseEther } from 'viem'
import { CopyButton } from '../../components/CopyButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { fieldErrorOf, mutate } from '../../graphql/apiClient.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { plural } from '../../../i18n/plural.ts'
import { relayerCardText } from './relayersText.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import {
  MyRelayersQuery,
  RELAYERS_KEY,
  RELAYS_KEY,
  UpdateRelayerMutation,
  WithdrawRelayerMutation,
  type RelayerData,
} from './relayerOperations.ts'
import {
  RelayerPausedNotice,
  RevertBudgetForm,
  unfieldedError,
  WastedFigure,
  type RelayerUpdate,
} from './RelayerSafety.tsx'

/** A native amount typed by a person, in wei; undefined when it is not one. */
function parseNative(typed: string): bigint | undefined {
  try {
    return /^\d*(\.\d{0,18})?$/.test(typed.trim()) && typed.trim() !== '' ? parseEther(typed.trim()) : undefined
  } catch {
    return undefined
  }
}

/**
 * One chain's relayer: its address and balance, what failed relays cost, funding it from the wallet,
 * on or off, a pause and resuming, the fee cap, the revert budget, withdrawing.
 */
export function RelayerCard({
  relayer,
  chainName,
  symbol,
}: {
  relayer: RelayerData
  chainName: string
  symbol: string
}) {
  const t = useStore(relayerCardText)
  const client = useQueryClient()
  const core = useWalletCore()
  const refresh = () =>
    Promise.all([RELAYERS_KEY, RELAYS_KEY].map((queryKey) => client.invalidateQueries({ queryKey })))
  const [fund, setFund] = useState('0.01')
  const [cap, setCap] = useState<string>()
  // The box shows the click at once; the saved value takes over when the answer comes.
  const [enabledShown, setEnabledShown] = useState<boolean>()
  const capShown = cap ?? (relayer.feeCap ? formatEther(BigInt(relayer.feeCap)) : '')
  const funding = useMutation({
    mutationFn: async () => {
      const value = parseNative(fund)
      if (!value) throw new Error(fillText(t.typeAmount, { symbol, example: '0.01' }))
      const hash = await core.connection.sendTransaction({
        to: relayer.address as `0x${string}`,
        value,
        chainId: relayer.chainId,
      })
      return hash
    },
    onSuccess: () => setTimeout(() => void refresh(), 1500),
  })
  const update = useMutation({
    mutationFn: async (change: RelayerUpdate) =>
      (await mutate(UpdateRelayerMutation, { chainId: relayer.chainId, ...change })).updateRelayer,
    onSettled: () => setEnabledShown(undefined),
    onSuccess: (saved) => {
      setCap(undefined)
      // The saved settings at once, the balances with the next refresh.
      client.setQueryData(
        RELAYERS_KEY,
        (old: ResultOf<typeof MyRelayersQuery> | undefined) =>
          old && { myRelayers: old.myRelayers.map((r) => (r.chainId === saved.chainId ? { ...r, ...saved } : r)) },
      )
    },
  })
  const withdraw = useMutation({
    mutationFn: async () => (await mutate(WithdrawRelayerMutation, { chainId: relayer.chainId })).withdrawRelayer,
    onSuccess: () => setTimeout(() => void refresh(), 1500),
  })
  const saveCap = (event: FormEvent) => {
    event.preventDefault()
    const wei = capShown.trim() === '' ? '' : parseNative(capShown)
    if (wei === undefined) return update.reset()
    update.mutate({ feeCap: String(wei) })
  }
  const balance = BigInt(relayer.balance)
  const capProblem = capShown.trim() !== '' && parseNative(capShown) === undefined
  const capError = capProblem
    ? fillText(t.typeAmount, { symbol, example: '0.0005' })
    : fieldErrorOf(update.error, 'feeCap')
  return (
    <article
      className="relayer stack"
      aria-label={fillText(t.label, { chain: chainName })}
      data-testid={`relayer-${relayer.chainId}`}
    >
      <h3>{chainName}</h3>
      <dl className="kv">
        <div>
          <dt>{t.address}</dt>
          <dd>
            <span className="mono">{relayer.address}</span> <CopyButton value={relayer.address} label={t.copyAddress} />
          </dd>
        </div>
        <WastedFigure relayer={relayer} symbol={symbol} />
        <BalanceFigure relayer={relayer} symbol={symbol} />
      </dl>
      {relayer.enabled && relayer.lowBalance && (
        <p className="notice warning" role="alert" data-testid="relayer-low">
          {fillText(t.low, { symbol })}
        </p>
      )}
      <RelayerPausedNotice relayer={relayer} update={update} />
      <label>
        <input
          type="checkbox"
          checked={enabledShown ?? relayer.enabled}
          disabled={update.isPending}
          onChange={(e) => {
            setEnabledShown(e.target.checked)
            update.mutate({ enabled: e.target.checked })
          }}
          data-testid="relayer-enabled"
        />{' '}
        {fillText(t.enable, { chain: chainName })}
      </label>
      <EnabledSaved update={update} chainName={chainName} />
      <div className="cluster">
        <Field id={`fund-${relayer.chainId}`} label={fillText(t.fundWith, { symbol })} error={undefined}>
          <input
            id={`fund-${relayer.chainId}`}
            inputMode="decimal"
            value={fund}
            onChange={(e) => setFund(e.target.value)}
          />
        </Field>
        <button type="button" className="button" onClick={() => funding.mutate()} disabled={funding.isPending}>
          {funding.isPending ? t.confirm : t.fund}
        </button>
      </div>
      <form className="cluster" onSubmit={saveCap} noValidate aria-label={fillText(t.capLabel, { chain: chainName })}>
        <Field id={`cap-${relayer.chainId}`} label={fillText(t.cap, { symbol })} error={capError}>
          <input
            id={`cap-${relayer.chainId}`}
            inputMode="decimal"
            value={capShown}
            onChange={(e) => setCap(e.target.value)}
          />
        </Field>
        <button type="submit" className="button" disabled={update.isPending || capProblem || cap === undefined}>
          {t.saveCap}
        </button>
      </form>
      <RevertBudgetForm relayer={relayer} chainName={chainName} update={update} />
      <button
        type="button"
        className="button quiet"
        onClick={() => withdraw.mutate()}
        disabled={withdraw.isPending || balance === 0n}
      >
        {t.withdraw}
      </button>
      {withdraw.data && (
        <p className="notice" role="status">
          {fillText(t.withdrawing, { amount: `${formatEther(BigInt(withdraw.data.value))} ${symbol}` })}
        </p>
      )}
      <ErrorNotice error={funding.error ?? unfieldedError(update.error) ?? withdraw.error} />
    </article>
  )
}

/** Said once the server has the switch's new position, so the payee knows it took. */
/** The relayer's balance for reading, and how many of today's relays it pays for. */
function BalanceFigure({ relayer, symbol }: { relayer: RelayerData; symbol: string }) {
  const t = useStore(relayerCardText)
  const format = useFormat()
  const balance = BigInt(relayer.balance)
  const relays = BigInt(relayer.relayCost) > 0n ? balance / BigInt(relayer.relayCost) : 0n
  return (
    <div>
      <dt>{t.balance}</dt>
      <dd data-testid="relayer-balance">
        {fillText(plural(format.locale, relays, { one: t.balanceRelaysOne, other: t.balanceRelaysOther }), {
          amount: `${format.balance(balance, 18).text} ${symbol}`,
          count: String(relays),
        })}
      </dd>
    </div>
  )
}

function EnabledSaved({
  update,
  chainName,
}: {
  update: { isSuccess: boolean; variables: RelayerUpdate | undefined }
  chainName: string
}) {
  const t = useStore(relayerCardText)
  const enabled = update.isSuccess ? update.variables?.enabled : undefined
  if (enabled === undefined) return null
  return (
    <p className="hint" role="status" data-testid="relayer-enabled-saved">
      {fillText(enabled ? t.savedOn : t.savedOff, { chain: chainName })}
    </p>
  )
}
