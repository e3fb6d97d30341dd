import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getAddress, isAddress, type Address } from 'viem'
import { payoutAddressTypedData } from '../../../domain/payoutAddress.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { mutate, query } from '../../graphql/apiClient.ts'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { useSession } from '../../auth/useSession.ts'
import { ChangePayoutAddressMutation, PayoutAddressQuery } from './businessOperations.ts'
import { payoutText } from './businessText.ts'

/** Where the business's money goes, and the owner's form to change it: the wallet signs each change. */
export function PayoutAddressPanel() {
  const t = useStore(payoutText)
  const { dateTime } = useFormat()
  const { connection } = useWalletCore()
  const client = useQueryClient()
  const session = useSession()
  const current = useQuery({
    queryKey: ['payout-address'],
    queryFn: async () => (await query(PayoutAddressQuery)).payoutAddress,
  })
  const [next, setNext] = useState('')
  const change = useMutation({
    mutationFn: async () => {
      const business = session.data!.business as Address
      const payoutAddress = getAddress(next.trim())
      const nonce = current.data!.nonce + 1
      const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000)
      const signature = await connection.signTypedData(
        payoutAddressTypedData({ business, payoutAddress, nonce, signedAt }),
      )
      return mutate(ChangePayoutAddressMutation, {
        payoutAddress,
        nonce,
        signedAt: signedAt.toISOString(),
        signature,
      })
    },
    onSuccess: () => setNext(''),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['payout-address'] }),
        client.invalidateQueries({ queryKey: ['audit-log'] }),
      ]),
  })
  const invalid = next.trim() !== '' && !isAddress(next.trim(), { strict: false })
  return (
    <section className="card stack" aria-labelledby="payout-title">
      <h2 id="payout-title">{t.title}</h2>
      <p className="hint">{t.hint}</p>
      <ErrorNotice error={current.error} />
      {current.data && (
        <p>
          <span className="mono" data-testid="payout-address">
            {current.data.address}
          </span>{' '}
          <span className="hint">
            {current.data.changedAt ? fillText(t.changedAt, { date: dateTime(current.data.changedAt) }) : t.own}
          </span>
        </p>
      )}
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault()
          change.mutate()
        }}
      >
        <label className="stack">
          <span>{t.newAddress}</span>
          <input
            className="mono"
            value={next}
            onChange={(event) => setNext(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'payout-error' : undefined}
            placeholder="0x…"
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        {invalid && (
          <p id="payout-error" className="field-error">
            {t.invalid}
          </p>
        )}
        <div>
          <button
            type="submit"
            className="button primary"
            disabled={change.isPending || invalid || next.trim() === '' || !current.data || !session.data}
          >
            {change.isPending ? t.signing : t.change}
          </button>
        </div>
      </form>
      <ErrorNotice error={change.error} />
    </section>
  )
}
