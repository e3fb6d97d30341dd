import { useStore } from '@nanostores/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CopyButton } from '../../components/CopyButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { mutate } from '../../graphql/apiClient.ts'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { linksTableText } from './developersText.ts'
import type { ResultOf } from '../../graphql/graphql.ts'
import { LinkQrCode } from './LinkQrCode.tsx'
import { DisablePaymentLinkMutation, LINKS_KEY, type MyPaymentLinksQuery } from './merchantOperations.ts'
import { plural } from '../../../i18n/plural.ts'

type PaymentLink = ResultOf<typeof MyPaymentLinksQuery>['myPaymentLinks'][number]

/** The payee's links with what each collected; a live one can be copied, scanned from its QR code or disabled. */
export function PaymentLinksTable({ links }: { links: readonly PaymentLink[] }) {
  const t = useStore(linksTableText)
  const { amount: money, locale } = useFormat()
  const client = useQueryClient()
  const disable = useMutation({
    mutationFn: (id: string) => mutate(DisablePaymentLinkMutation, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: LINKS_KEY }),
  })
  return (
    <>
      <table className="requests" aria-label={t.label}>
        <thead>
          <tr>
            <th>{t.link}</th>
            <th>{t.amount}</th>
            <th>{t.collected}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {links.map((l) => {
            const url = new URL(`/l/${l.id}`, window.location.origin).href
            return (
              <tr key={l.id} data-testid="payment-link-row">
                <td data-label={t.link}>
                  <strong>{l.title}</strong>{' '}
                  <a className="mono small" href={url}>
                    {url}
                  </a>{' '}
                  {!l.disabledAt && <CopyButton value={url} label={fillText(t.copyLink, { title: l.title })} />}
                  {!l.disabledAt && <LinkQrCode url={url} title={l.title} />}
                </td>
                <td data-label={t.amount}>
                  {l.amount
                    ? `${money(l.amount, l.symbol)} ${l.symbol}`
                    : `${money(l.minAmount!, l.symbol)}–${money(l.maxAmount!, l.symbol)} ${l.symbol}`}
                </td>
                <td data-label={t.collected}>
                  {money(l.received ?? '0', l.symbol)} {l.symbol} (
                  {fillText(plural(locale, l.paidRequests ?? 0, { one: t.paidOne, other: t.paidOther }), {
                    count: l.paidRequests ?? 0,
                  })}
                  )
                </td>
                <td>
                  {l.disabledAt ? (
                    <span className="status status-cancelled">{t.disabled}</span>
                  ) : (
                    <button
                      type="button"
                      className="button small"
                      onClick={() => disable.mutate(l.id)}
                      disabled={disable.isPending}
                    >
                      {t.disable}
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
