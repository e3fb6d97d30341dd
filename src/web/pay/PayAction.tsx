import { useStore } from '@nanostores/react'
import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { Address } from 'viem'
import { roundUpSignificant } from '../../domain/amount.ts'
import { paymentTransaction } from '../../domain/paymentTransaction.ts'
import { sameAddress } from '../../domain/sameAddress.ts'
import { ConnectButton } from '../components/ConnectButton.tsx'
import { deferredModule } from '../components/deferredModule.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { shortAddress } from '../components/shortAddress.ts'
import { useRescueFocus } from '../components/useRescueFocus.ts'
import { fillText } from '../i18n/fill.tsx'
import { payText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'
import { useConnection, useWalletCore } from '../wallet/WalletProvider.tsx'
import { outstandingOf, usePayPreflight } from './payPreflight.ts'
import { signedMethodScreens } from './methods/payMethods.ts'
import { usePayerGasless } from './payerGasless.ts'
import { PayFacts, PayWarnings } from './PayNotes.tsx'
import { ClosedNotice, PaidOutcome, SentOutcome } from './PayOutcome.tsx'
import { sentFor } from './sentPayments.ts'
import { SwitchChainButton } from './SwitchChainButton.tsx'
import { useChosenPayChain } from './PayChainChoice.tsx'

// Only a payee on their own request is asked to confirm: other payers never download the dialog.
const useConfirmOwnPayment = deferredModule(() => import('./ConfirmOwnPayment.tsx'), { prefetch: () => false })

/** Pay, or why not yet: connect, switch chain, not enough funds; then the outcome. */
export function PayAction(props: { request: PaymentRequestData; chainName: string }) {
  const connection = useConnection()
  const core = useWalletCore()
  const address = connection.status === 'connected' ? connection.address : undefined
  const { request, chainName, chain, client, ownChain, choice } = useChosenPayChain(props, address)
  const onChain = connection.status === 'connected' && connection.chainId === request.chainId
  const nativeSymbol = chain?.nativeCurrency.symbol ?? 'ETH'
  const amount = outstandingOf(request)
  const [confirmOwn, setConfirmOwn] = useState(false)
  const [relayed, setRelayed] = useState(() => sentFor(request.id))
  const payButton = useRef<HTMLButtonElement>(null)
  const t = useStore(payText)
  const format = useFormat()

  const checks = usePayPreflight({ request, client, payer: address, amount })
  const gasless = usePayerGasless(props.request, address, request.chainId)

  // A disabled button cannot take focus: try again once the checks have enabled it.
  useRescueFocus(payButton, `${address}:${onChain}:${checks.status}`)
  const confirmDialog = useConfirmOwnPayment(address !== undefined && sameAddress(address, request.payee))

  const pay = useMutation({
    mutationFn: async () =>
      core.connection.sendTransaction({ ...paymentTransaction(request, amount), chainId: request.chainId }),
  })

  if (request.status === 'paid' || request.status === 'overpaid') return <PaidOutcome request={props.request} />
  if (request.status === 'cancelled' || request.status === 'expired' || request.status === 'pending')
    return <ClosedNotice request={props.request} />

  const partial =
    request.status === 'partially_paid' ? (
      <p className="notice" role="status" data-testid="partially-paid">
        {fillText(t.partiallyPaid, {
          received: format.amount(request.receivedDecimal, request.symbol),
          amount: format.amount(request.amountDecimal, request.symbol),
          rest: format.units(amount, request.decimals, request.symbol),
          symbol: request.symbol,
        })}
      </p>
    ) : null

  if (!address)
    return (
      <div className="pay-connect">
        {partial}
        <p>{t.connectPrompt}</p>
        <ConnectButton />
      </div>
    )
  if (!onChain)
    return (
      <div>
        {partial}
        {choice}
        <p>{fillText(t.wrongNetwork, { chain: chainName })}</p>
        <SwitchChainButton chainId={request.chainId} chainName={chainName} />
      </div>
    )

  const shown = format.units
  const wrongPayer = request.payer !== null && !sameAddress(request.payer, address)
  const data = checks.data
  const shortAsset = data?.shortAsset === true
  const shortGas = data?.shortGas === true
  const own = sameAddress(address, request.payee)
  // Without the coin for the fee, paying without gas is the way: the plain Pay would only say why not.
  const gaslessFirst = shortGas && gasless.available
  // The reason goes on the button itself: a disabled button that does not say why is a dead end.
  const blocked = wrongPayer
    ? fillText(t.onlyPayerCan, { payer: shortAddress(request.payer as Address) })
    : checks.isPending
      ? t.checkingBalance
      : shortAsset
        ? fillText(t.notEnoughAsset, {
            symbol: request.symbol,
            balance: shown(data.assetBalance, request.decimals, request.symbol),
          })
        : shortGas
          ? fillText(t.notEnoughGas, {
              native: nativeSymbol,
              balance: shown(data.nativeBalance, 18),
              needed: shown(roundUpSignificant(data.nativeNeeded), 18),
            })
          : undefined
  const label = pay.isPending
    ? t.confirmInWallet
    : (blocked ??
      fillText(request.status === 'partially_paid' ? t.payRestButton : t.payButton, {
        amount: shown(amount, request.decimals, request.symbol),
        symbol: request.symbol,
      }))

  const sent = pay.data ?? relayed
  if (sent) return <SentOutcome request={request} chain={chain} hash={sent} />
  return (
    <div className="pay">
      {partial}
      {choice}
      <PayWarnings
        request={request}
        wrongPayer={wrongPayer}
        shortAsset={shortAsset}
        shortGas={shortGas && !gaslessFirst}
        payeeIsContract={data?.payeeIsContract === true}
        nativeSymbol={nativeSymbol}
      />
      {!gaslessFirst && (
        <button
          type="button"
          className="button primary large"
          onClick={() => (own ? setConfirmOwn(true) : pay.mutate())}
          disabled={pay.isPending || blocked !== undefined}
          ref={payButton}
          data-testid="pay-button"
        >
          {label}
        </button>
      )}
      {!wrongPayer &&
        !shortAsset &&
        data &&
        signedMethodScreens.map(({ id, Screen }) => (
          <Screen
            key={id}
            request={request}
            gasless={gasless}
            payer={address}
            amount={amount}
            shortGas={shortGas}
            explainUnavailable={shortGas || (!ownChain && props.request.gasless.available)}
            nativeSymbol={nativeSymbol}
            onSent={setRelayed}
          />
        ))}
      {(data || checks.isPending) && (
        <PayFacts {...{ request, data, nativeSymbol, client }} feeIsPayers={!gaslessFirst} />
      )}
      <ErrorNotice error={pay.error} />
      {confirmDialog && (
        <confirmDialog.ConfirmOwnPayment
          open={confirmOwn}
          onOpenChange={setConfirmOwn}
          symbol={request.symbol}
          onConfirm={() => pay.mutate()}
        />
      )}
    </div>
  )
}
