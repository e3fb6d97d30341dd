import { useMutation, useQueryClient } from '@tanstack/react-query'
import { groupAmount } from '../../../domain/amount.ts'
import { CopyButton } from '../../components/CopyButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { mutate } from '../../graphql/apiClient.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { LinkQrCode } from './LinkQrCode.tsx'
import { DisablePaymentLinkMutation, LINKS_KEY, type MyPaymentLinksQuery } from './merchantOperations.ts'

const money = (decimal: string, symbol: string) => groupAmount(decimal, undefined, symbol)

type PaymentLink = ResultOf<typeof MyPaymentLinksQuery>['myPaymentLinks'][number]

/** The payee's links with what each collected; a live one can be copied, scanned from its QR code or disabled. */
export function PaymentLinksTable({ links }: { links: readonly PaymentLink[] }) {
  const client = useQueryClient()
  const disable = useMutation({
    mutationFn: (id: string) => mutate(DisablePaymentLinkMutation, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: LINKS_KEY }),
  })
  return (
    <>
      <table className="requests" aria-label="Your payment links">
        <thead>
          <tr>
            <th>Link</th>
            <th>Amount</th>
            <th>Collected</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {links.map((l) => {
            const url = new URL(`/l/${l.id}`, window.location.origin).href
            return (
              <tr key={l.id} data-testid="payment-link-row">
                <td data-label="Link">
                  <strong>{l.title}</strong>{' '}
                  <a className="mono small" href={url}>
                    {url}
                  </a>{' '}
                  {!l.disabledAt && <CopyButton value={url} label={`Copy the link ${l.title}`} />}
                  {!l.disabledAt && <LinkQrCode url={url} title={l.title} />}
                </td>
                <td data-label="Amount">
                  {l.amount
                    ? `${money(l.amount, l.symbol)} ${l.symbol}`
                    : `${money(l.minAmount!, l.symbol)}–${money(l.maxAmount!, l.symbol)} ${l.symbol}`}
                </td>
                <td data-label="Collected">
                  {money(l.received ?? '0', l.symbol)} {l.symbol} ({l.paidRequests} paid)
                </td>
                <td>
                  {l.disabledAt ? (
                    <span className="status status-cancelled">Disabled</span>
                  ) : (
                    <button
                      type="button"
                      className="button small"
                      onClick={() => disable.mutate(l.id)}
                      disabled={disable.isPending}
                    >
                      Disable
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <ErrorNotice error={disable.error} />
    </>
  )
}
