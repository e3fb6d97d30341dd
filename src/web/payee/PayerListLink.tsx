import { useStore } from '@nanostores/react'
import { useMutation } from '@tanstack/react-query'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { useFlash } from '../components/useFlash.ts'
import { mutate } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import { fillText } from '../i18n/fill.tsx'
import { requestPageText } from './payeeMessages.ts'

const PayerListLinkMutation = graphql(`
  mutation PayerListLink($payer: String!) {
    payerListLink(payer: $payer) {
      id
    }
  }
`)

/**
 * For a request made for one payer: one link listing every open request of this payee for that payer,
 * which the payer pays together in one confirmation (`/pay-several?list=<id>`).
 */
export function PayerListLink({ payer }: { payer: string }) {
  const t = useStore(requestPageText)
  const [copied, flashCopied] = useFlash()
  const make = useMutation({
    mutationFn: async () => {
      const { payerListLink } = await mutate(PayerListLinkMutation, { payer })
      return new URL(`/pay-several?list=${payerListLink.id}`, window.location.origin).href
    },
  })
  return (
    <div className="share-link" data-testid="payer-list">
      <p className="hint">{fillText(t.payerListHint, { payer })}</p>
      {make.data ? (
        <>
          <label htmlFor="payer-list-link">{t.payerListLink}</label>
          <input id="payer-list-link" readOnly value={make.data} onFocus={(e) => e.target.select()} />
          <button
            type="button"
            className="button"
            onClick={async () => {
              await navigator.clipboard.writeText(make.data)
              flashCopied()
            }}
          >
            {t.copyLink}
          </button>
          <span role="status">{copied ? t.linkCopied : ''}</span>
        </>
      ) : (
        <button type="button" className="button" disabled={make.isPending} onClick={() => make.mutate()}>
          {t.payerListMake}
        </button>
      )}
      <ErrorNotice error={make.error} />
    </div>
  )
}
