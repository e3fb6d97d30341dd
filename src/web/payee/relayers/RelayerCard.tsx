import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { formatEther, parseEther } from 'viem'
import { CopyButton } from '../../components/CopyButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { fieldErrorOf, mutate } from '../../graphql/apiClient.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
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
import { inputErrorSentence } from '../../i18n/errorText.ts'

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
      if (!value) throw new Error(`Type an amount of ${symbol}, e.g. 0.01.`)
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
  const relays = BigInt(relayer.relayCost) > 0n ? balance / BigInt(relayer.relayCost) : 0n
  const capProblem = capShown.trim() !== '' && parseNative(capShown) === undefined
  return (
    <article
      className="relayer stack"
      aria-label={`Relayer on ${chainName}`}
      data-testid={`relayer-${relayer.chainId}`}
    >
      <h3>{chainName}</h3>
      <dl className="kv">
        <div>
          <dt>Relayer address</dt>
          <dd>
            <span className="mono">{relayer.address}</span> <CopyButton value={relayer.address} label="Copy address" />
          </dd>
        </div>
        <WastedFigure relayer={relayer} symbol={symbol} />
        <div>
          <dt>Balance</dt>
          <dd data-testid="relayer-balance">
            {formatEther(balance)} {symbol} (about {String(relays)} payments at today’s fee)
          </dd>
        </div>
      </dl>
      {relayer.enabled && relayer.lowBalance && (
        <p className="notice warning" role="alert" data-testid="relayer-low">
          Running low: fewer than 20 payments’ fees left. Fund it with a little {symbol}.
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
        Let payers pay without gas: they sign, this relayer sends the payment and pays its fee
      </label>
      <div className="cluster">
        <Field id={`fund-${relayer.chainId}`} label={`Fund with (${symbol})`} error={undefined}>
          <input
            id={`fund-${relayer.chainId}`}
            inputMode="decimal"
            value={fund}
            onChange={(e) => setFund(e.target.value)}
          />
        </Field>
        <button type="button" className="button" onClick={() => funding.mutate()} disabled={funding.isPending}>
          {funding.isPending ? 'Confirm in your wallet…' : 'Fund from my wallet'}
        </button>
      </div>
      <form className="cluster" onSubmit={saveCap} noValidate aria-label={`Fee cap on ${chainName}`}>
        <Field
          id={`cap-${relayer.chainId}`}
          label={`Most fee per payment (${symbol}; empty: no cap)`}
          error={capProblem ? inputErrorSentence('feeCap') : fieldErrorOf(update.error, 'feeCap')}
        >
          <input
            id={`cap-${relayer.chainId}`}
            inputMode="decimal"
            value={capShown}
            onChange={(e) => setCap(e.target.value)}
          />
        </Field>
        <button type="submit" className="button" disabled={update.isPending || capProblem || cap === undefined}>
          Save cap
        </button>
      </form>
      <RevertBudgetForm relayer={relayer} chainName={chainName} update={update} />
      <button
        type="button"
        className="button quiet"
        onClick={() => withdraw.mutate()}
        disabled={withdraw.isPending || balance === 0n}
      >
        Withdraw to my address
      </button>
      {withdraw.data && (
        <p className="notice" role="status">
          Withdrawing {formatEther(BigInt(withdraw.data.value))} {symbol} to your address.
        </p>
      )}
      <ErrorNotice error={funding.error ?? unfieldedError(update.error) ?? withdraw.error} />
    </article>
  )
}
