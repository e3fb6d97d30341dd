import { useStore } from '@nanostores/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { Field } from '../components/Field.tsx'
import { fieldErrorOf, mutate, query } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import { fillText } from '../i18n/fill.tsx'
import { locale } from '../i18n/i18n.ts'
import { payText } from '../i18n/payerMessages.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'

const EmailEnabledQuery = graphql(`
  query PayEmailEnabled {
    emailEnabled
  }
`)
const LeavePayerEmailMutation = graphql(`
  mutation LeavePayerEmail($requestId: String!, $address: String!, $language: String!) {
    leavePayerEmail(requestId: $requestId, address: $address, language: $language)
  }
`)

/**
 * A payer may leave an address for the receipt (and a schedule's next requests), in the language
 * the page is shown in. Never required; absent where this Billfold sends no e-mail.
 */
export function ReceiptByEmail({ request }: { request: PaymentRequestData }) {
  const t = useStore(payText)
  const language = useStore(locale)
  const [address, setAddress] = useState('')
  const enabled = useQuery({
    queryKey: ['email-enabled'],
    queryFn: async () => (await query(EmailEnabledQuery)).emailEnabled,
    staleTime: Infinity,
  })
  const leave = useMutation({
    mutationFn: async () => mutate(LeavePayerEmailMutation, { requestId: request.id, address, language }),
  })
  if (!enabled.data || ['cancelled', 'expired'].includes(request.status)) return null
  if (leave.isSuccess)
    return (
      <p className="hint" role="status" data-testid="receipt-email-saved">
        {fillText(t.receiptEmailSaved, { address: address.trim() })}
      </p>
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    leave.mutate()
  }
  return (
    <form className="receipt-email cluster" onSubmit={submit} noValidate>
      {/* The server names the problem in English; the payer reads it in the page's language. */}
      <Field
        id="receipt-email"
        label={t.receiptEmailLabel}
        error={fieldErrorOf(leave.error, 'address') ? t.receiptEmailInvalid : undefined}
      >
        <input
          id="receipt-email"
          type="email"
          autoComplete="email"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
      </Field>
      <button type="submit" className="button" disabled={leave.isPending || !address.trim()}>
        {t.receiptEmailSend}
      </button>
      {!fieldErrorOf(leave.error, 'address') && <ErrorNotice error={leave.error} />}
    </form>
  )
}
