import { useStore } from '@nanostores/react'
import { roundUpSignificant } from '../../domain/amount.ts'
import { fill, fillText } from '../i18n/fill.tsx'
import { payText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'
import { ExactOnTap } from './ExactOnTap.tsx'
import type { usePayPreflight } from './payPreflight.ts'
import { useFeeInCurrency } from './feeInCurrency.ts'
import type { ChainClient } from '../publicClients.ts'

/** What stands in the way of paying from this account, said before the button. */
export function PayWarnings({
  request,
  wrongPayer,
  shortAsset,
  shortGas,
  payeeIsContract,
  nativeSymbol,
}: {
  request: PaymentRequestData
  wrongPayer: boolean
  shortAsset: boolean
  shortGas: boolean
  payeeIsContract: boolean
  nativeSymbol: string
}) {
  const t = useStore(payText)
  return (
    <>
      {wrongPayer && (
        <p className="notice warning" role="alert">
          {fill(t.wrongPayerNotice, { payer: <span className="mono">{request.payer}</span> })}
        </p>
      )}
      {shortAsset && (
        <p className="notice warning" role="alert" data-testid="balance-short">
          {fillText(t.balanceShort, { symbol: request.symbol })}
        </p>
      )}
      {shortGas && (
        <p className="notice warning" role="alert" data-testid="gas-short">
          {fillText(t.gasShort, { native: nativeSymbol })}
        </p>
      )}
      {payeeIsContract && (
        <p className="notice warning" role="alert">
          {fillText(t.payeeIsContract, { symbol: request.symbol })}
        </p>
      )}
    </>
  )
}

/**
 * The payer's balance and the network fee under *Pay*, drawn at once with "…" for the figures still
 * being asked, so nothing below moves when they arrive.
 */
export function PayFacts({
  request,
  data,
  nativeSymbol,
  feeIsPayers,
  client,
}: {
  request: PaymentRequestData
  data: ReturnType<typeof usePayPreflight>['data']
  nativeSymbol: string
  /** The payer's chain, to value the fee in their currency too. */
  client: ChainClient | undefined
  /** False when the payee's relayer pays it: the payer is not told of a fee they do not pay. */
  feeIsPayers: boolean
}) {
  const t = useStore(payText)
  const format = useFormat()
  const shown = format.units
  const feeValue = useFeeInCurrency(client, request, data?.fee)
  const reading = data && format.balance(data.assetBalance, request.decimals, request.symbol)
  const balance = reading && <ExactOnTap rounded={reading.text} exact={reading.exact} label={t.exactBalance} />
  return (
    <p className="hint" aria-busy={!data}>
      <span data-testid={data ? 'payer-balance' : undefined}>
        {fill(t.yourBalance, { balance: balance ?? '…', symbol: request.symbol })}
      </span>
      {feeIsPayers && (
        <>
          {' '}
          <span data-testid={data ? 'network-fee' : undefined}>
            {fillText(t.networkFee, {
              fee: data ? shown(roundUpSignificant(data.fee), 18) : '…',
              // Beside the coin, in words of no language: "0.000048 ETH (≈ 0,15 €)".
              native: feeValue
                ? `${nativeSymbol} (≈ ${format.money(feeValue.minor, feeValue.currency)})`
                : nativeSymbol,
            })}
          </span>
        </>
      )}
    </p>
  )
}
