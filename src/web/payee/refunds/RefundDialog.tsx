import { useStore } from '@nanostores/react'
import * as Dialog from '@radix-ui/react-dialog'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { formatUnits, type Chain, type Hex } from 'viem'
import { WalletError } from '../../../wallet/walletErrors.ts'
import { ConnectButton } from '../../components/ConnectButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { Field } from '../../components/Field.tsx'
import { MoneyField, useMoneyReading } from '../../components/MoneyField.tsx'
import { TransactionLink } from '../../components/TransactionLink.tsx'
import { fieldErrorOf, mutate } from '../../graphql/apiClient.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { SwitchChainButton } from '../../pay/SwitchChainButton.tsx'
import { requestKey, type PaymentRequestData } from '../../requests/requestOperations.ts'
import { useConnection, useWalletCore } from '../../wallet/WalletProvider.tsx'
import { useSession } from '../../auth/useSession.ts'
import { fillText } from '../../i18n/fill.tsx'
import { refundDialogText } from './refundsText.ts'
import { RefundChainField, useRefundChain } from './RefundChainField.tsx'
import { CancelRefundMutation, onlyPayer, PrepareRefundMutation, refundChoices } from './refundOperations.ts'

type Choice = 'all' | 'excess' | 'other'

/** After the form: the owner's wallet sent the refund (its transaction), or a member prepared it for the owner's wallet. */
function RefundDone({ chain, hash }: { chain: Chain | undefined; hash: Hex | null }) {
  const t = useStore(refundDialogText)
  return hash ? (
    <>
      <p>
        <strong>{t.sent}</strong> {t.sentDetail}
      </p>
      <p>
        <TransactionLink chain={chain} hash={hash} />
      </p>
    </>
  ) : (
    <p>
      <strong>{t.prepared}</strong> {t.preparedDetail}
    </p>
  )
}

/**
 * Refund: how much (all that can be, the excess, or an amount typed) and to whom (the address that
 * paid, or one typed); Billfold prepares the transfer and the payee's wallet sends it. A wallet that
 * declines frees the amount the refund held. What was typed stays while an error is shown.
 */
export function RefundDialog({ request }: { request: PaymentRequestData }) {
  const t = useStore(refundDialogText)
  const client = useQueryClient()
  const core = useWalletCore()
  const { available, excess } = refundChoices(request)
  const [open, setOpen] = useState(false)
  const [choice, setChoice] = useState<Choice>(excess > 0n ? 'excess' : 'all')
  const [typed, setTyped] = useState('')
  const [to, setTo] = useState(onlyPayer(request) ?? '')
  const [tried, setTried] = useState(false)
  const { reading, shown, amount, label } = useRefundAmount(request, choice, typed)
  const refundChain = useRefundChain(request, to)
  // The money leaves the business's own wallet: a member prepares the refund, the owner's wallet sends it.
  const owner = useSession().data?.role === 'owner'
  const refund = useMutation({
    mutationFn: async () => {
      const prepared = (
        await mutate(PrepareRefundMutation, {
          requestId: request.id,
          amount,
          to: to.trim() || null,
          chainId: refundChain.chainId,
        })
      ).prepareRefund
      const { transaction } = prepared
      if (!owner) return null
      try {
        return await core.connection.sendTransaction({
          to: transaction.to as Hex,
          value: BigInt(transaction.value),
          data: transaction.data as Hex,
          chainId: transaction.chainId,
        })
      } catch (error) {
        // Nothing left the wallet: the amount it held is free again.
        if (error instanceof WalletError) await mutate(CancelRefundMutation, { id: prepared.id }).catch(() => {})
        throw error
      }
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: requestKey(request.id) }),
  })
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) refund.reset()
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button">
          {t.open}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{t.title}</Dialog.Title>
          <Dialog.Description className="hint">
            {fillText(t.description, { amount: shown(available) })}
          </Dialog.Description>
          {refund.isSuccess ? (
            <div className="notice success" role="status" data-testid="refund-sent">
              <RefundDone chain={refundChain.chain} hash={refund.data} />
              <div className="actions">
                <Dialog.Close asChild>
                  <button type="button" className="button">
                    {t.close}
                  </button>
                </Dialog.Close>
              </div>
            </div>
          ) : (
            <form
              className="stack"
              onSubmit={(event) => {
                event.preventDefault()
                setTried(true)
                if (choice === 'other' && reading.error) return
                refund.mutate()
              }}
            >
              <fieldset className="choices">
                <legend>{t.howMuch}</legend>
                <label>
                  <input type="radio" checked={choice === 'all'} onChange={() => setChoice('all')} />{' '}
                  {fillText(t.all, { amount: shown(available) })}
                </label>
                {excess > 0n && (
                  <label>
                    <input type="radio" checked={choice === 'excess'} onChange={() => setChoice('excess')} />{' '}
                    {fillText(t.excess, { amount: shown(excess) })}
                  </label>
                )}
                <label>
                  <input type="radio" checked={choice === 'other'} onChange={() => setChoice('other')} /> {t.other}
                </label>
              </fieldset>
              {choice === 'other' && (
                <MoneyField
                  id="refund-amount"
                  label={fillText(t.amount, { symbol: request.symbol })}
                  typed={typed}
                  reading={reading}
                  symbol={request.symbol}
                  error={(tried ? reading.error : undefined) ?? fieldErrorOf(refund.error, 'amount')}
                  onChange={setTyped}
                  onBlur={() => typed.trim() && setTried(true)}
                />
              )}
              {choice !== 'other' && <ErrorNotice error={fieldErrorOf(refund.error, 'amount') && refund.error} />}
              <Field id="refund-to" label={t.to} hint={t.toHint} error={fieldErrorOf(refund.error, 'to')}>
                <input
                  id="refund-to"
                  className="mono"
                  spellCheck={false}
                  autoComplete="off"
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                />
              </Field>
              <RefundChainField refundChain={refundChain} error={fieldErrorOf(refund.error, 'chainId')} />
              {!fieldErrorOf(refund.error, 'amount') && !fieldErrorOf(refund.error, 'to') && (
                <ErrorNotice error={refund.error} />
              )}
              <div className="actions">
                <Dialog.Close asChild>
                  <button type="button" className="button">
                    {t.close}
                  </button>
                </Dialog.Close>
                <RefundSubmit
                  owner={owner}
                  refundChain={refundChain}
                  pending={refund.isPending}
                  label={fillText(t.submit, { amount: label })}
                />
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/**
 * What the refund sends, as a plain decimal, for the choice made (the typed amount read the payee's
 * way), and amounts shown with the token's cents ("12.50 USDC", never "12.5").
 */
function useRefundAmount(request: PaymentRequestData, choice: Choice, typed: string) {
  const format = useFormat()
  const { available, excess } = refundChoices(request)
  const reading = useMoneyReading(typed, { symbol: request.symbol, decimals: request.decimals, required: true })
  const decimal = (units: bigint) => formatUnits(units, request.decimals)
  const amount = choice === 'all' ? decimal(available) : choice === 'excess' ? decimal(excess) : reading.decimal
  const readable = amount !== '' && !(choice === 'other' && reading.error)
  return {
    reading,
    amount,
    shown: (units: bigint) => format.assetUnits(units, request.decimals, request.symbol),
    label: readable ? format.asset(amount, request.symbol) : `… ${request.symbol}`,
  }
}

/**
 * The form's last step. A member only prepares the refund: nothing leaves a wallet of theirs, so no
 * wallet step; the owner's wallet connects and is on the refund's chain before it sends.
 */
function RefundSubmit({
  owner,
  refundChain,
  pending,
  label,
}: {
  owner: boolean
  refundChain: ReturnType<typeof useRefundChain>
  pending: boolean
  label: string
}) {
  const t = useStore(refundDialogText)
  const connection = useConnection()
  if (owner && connection.status !== 'connected') return <ConnectButton />
  if (owner && connection.status === 'connected' && connection.chainId !== refundChain.chainId)
    return <SwitchChainButton chainId={refundChain.chainId} chainName={refundChain.name} />
  return (
    <button type="submit" className="button primary" disabled={pending}>
      {pending ? (owner ? t.confirm : t.preparing) : label}
    </button>
  )
}
