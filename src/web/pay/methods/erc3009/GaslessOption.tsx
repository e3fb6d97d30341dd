import { useStore } from '@nanostores/react'
import { fillText } from '../../../i18n/fill.tsx'
import { gaslessText } from '../../../i18n/payerMessages.ts'
import type { SignedMethodProps } from '../signedMethodProps.ts'
import { PayWithoutGas } from './PayWithoutGas.tsx'

/**
 * Paying without gas on the pay page: offered where the payee's relayer can send it (first, when the
 * payer holds too little of the native coin for the fee), otherwise why not when it matters; and
 * what became of an authorization already signed (waiting, or expired unsent).
 */
export function GaslessOption({ request, gasless, payer, amount, shortGas, nativeSymbol, onSent }: SignedMethodProps) {
  const t = useStore(gaslessText)
  const offered = gasless.available
  const relay = request.relay
  return (
    <>
      {relay?.state === 'expired' && (
        <p className="notice warning" role="alert" data-testid="relay-expired">
          {t.expired}
        </p>
      )}
      {relay?.state === 'waiting' && relay.reason && (
        <p className="notice" role="status">
          {fillText(t.waiting, { reason: relay.reason })}
        </p>
      )}
      {offered && shortGas && <p className="hint">{fillText(t.coversFee, { native: nativeSymbol })}</p>}
      {!offered && shortGas && gasless.reason && (
        <p className="hint" data-testid="gasless-unavailable">
          {fillText(t.unavailable, { reason: gasless.reason })}
        </p>
      )}
      {offered && <PayWithoutGas request={request} payer={payer} amount={amount} primary={shortGas} onSent={onSent} />}
    </>
  )
}
