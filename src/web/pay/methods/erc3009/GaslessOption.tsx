import { useStore } from '@nanostores/react'
import { fillText } from '../../../i18n/fill.tsx'
import { gaslessReasonsText, gaslessText } from '../../../i18n/payerMessages.ts'
import type { SignedMethodProps } from '../signedMethodProps.ts'
import { PayWithoutGas } from './PayWithoutGas.tsx'

/**
 * Paying without gas on the pay page: offered where the payee's relayer on the chain paid on can send
 * it (first, when the payer holds too little of the native coin for the fee), otherwise why not, in
 * the payer's language, when it matters; and
 * what became of an authorization already signed (waiting, or expired unsent).
 */
export function GaslessOption({
  request,
  gasless,
  payer,
  amount,
  shortGas,
  explainUnavailable,
  nativeSymbol,
  onSent,
}: SignedMethodProps) {
  const t = useStore(gaslessText)
  const reasons = useStore(gaslessReasonsText)
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
      {!offered && explainUnavailable && gasless.reasonCode && (
        <p className="hint" data-testid="gasless-unavailable" data-code={gasless.reasonCode}>
          {fillText(t.unavailable, { reason: reasonText(reasons, gasless.reasonCode, request.symbol) })}
        </p>
      )}
      {offered && <PayWithoutGas request={request} payer={payer} amount={amount} primary={shortGas} onSent={onSent} />}
    </>
  )
}

type Reasons = ReturnType<typeof gaslessReasonsText.get>

/** The server's reason code said in the reader's language; a code this page does not know yet, generally. */
const reasonText = (reasons: Reasons, code: string, symbol: string) =>
  fillText(code in reasons ? reasons[code as keyof Reasons] : reasons.other, { symbol })
