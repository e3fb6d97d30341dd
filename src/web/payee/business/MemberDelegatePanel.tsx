import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { delegationToSign } from '../../../domain/delegation.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { mutate, query } from '../../graphql/apiClient.ts'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import {
  AuthoriseMemberDelegateMutation,
  MemberDelegateQuery,
  PrepareMemberDelegateMutation,
  RevokeMemberDelegateMutation,
} from './businessOperations.ts'
import { delegateText } from './businessText.ts'

/**
 * Whether members may make requests: the owner's wallet signs, once, the delegation to a signing
 * key Billfold keeps for the members (as for an API key), and may revoke it.
 */
export function MemberDelegatePanel() {
  const t = useStore(delegateText)
  const { dateTime } = useFormat()
  const { connection } = useWalletCore()
  const client = useQueryClient()
  const current = useQuery({
    queryKey: ['member-delegate'],
    queryFn: async () => {
      const delegate = (await query(MemberDelegateQuery)).memberDelegate
      // Read when it arrives, not at each render: whether it signs now.
      const working = !!delegate?.authorisedAt && !delegate.revokedAt && Date.parse(delegate.expiresAt) > Date.now()
      return delegate && { ...delegate, working }
    },
  })
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['member-delegate'] }),
      client.invalidateQueries({ queryKey: ['audit-log'] }),
    ])
  const authorise = useMutation({
    mutationFn: async () => {
      const pending = (await mutate(PrepareMemberDelegateMutation)).prepareMemberDelegate
      const signature = await connection.signTypedData(delegationToSign(pending))
      return mutate(AuthoriseMemberDelegateMutation, { id: pending.id, signature })
    },
    onSettled: refresh,
  })
  const revoke = useMutation({ mutationFn: () => mutate(RevokeMemberDelegateMutation), onSettled: refresh })
  const delegate = current.data
  const working = delegate?.working
  return (
    <section className="card stack" aria-labelledby="member-delegate-title">
      <h2 id="member-delegate-title">{t.title}</h2>
      <p className="hint">{t.hint}</p>
      <ErrorNotice error={current.error} />
      <p data-testid="member-delegate-status">
        {delegate && working
          ? fillText(t.working, { delegate: delegate.delegate, date: dateTime(delegate.expiresAt) })
          : t.notWorking}
      </p>
      <div className="cluster">
        <button
          type="button"
          className="button primary"
          disabled={authorise.isPending}
          onClick={() => authorise.mutate()}
        >
          {authorise.isPending ? t.signing : working ? t.renew : t.authorise}
        </button>
        {working && (
          <button type="button" className="button" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            {t.revoke}
          </button>
        )}
      </div>
      <ErrorNotice error={authorise.error ?? revoke.error} />
    </section>
  )
}
