import { useStore } from '@nanostores/react'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { chargeReasonsText } from './subscriptionText.ts'

type Charge = { reasonCode?: string | null; reasonDetails?: string | null; amountDecimal: string }
type Reasons = ReturnType<typeof chargeReasonsText.get>

/** Codes whose period asks more than the payer's permission allows: granting again is the way on. */
export const ABOVE_CAP = ['above_cap', 'quote_above_cap']

/**
 * Why a try could not charge, said from its code in the reader's language (the charge's amount and
 * the permission's cap filled in). For the payee, the chain's or relayer's own diagnostic follows,
 * marked as English; the payer reads the reason alone, in their language.
 */
export function ChargeReason({
  charge,
  symbol,
  cap,
  diagnostic = false,
}: {
  charge: Charge
  symbol: string
  cap: string
  diagnostic?: boolean
}) {
  const t = useStore(chargeReasonsText)
  const format = useFormat()
  const code = charge.reasonCode
  if (!code) return null
  const template = code in t ? t[code as keyof Reasons] : t.send_failed
  const details = diagnostic ? charge.reasonDetails : null
  return (
    <span data-testid="charge-reason" data-code={code}>
      {fillText(template, { amount: format.asset(charge.amountDecimal, symbol), cap: format.asset(cap, symbol) })}
      {details && (
        <>
          {' '}
          {fillText(t.details, { details: '' })}
          <span lang="en">{details}</span>
        </>
      )}
    </span>
  )
}
