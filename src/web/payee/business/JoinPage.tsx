import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { Link } from 'wouter'
import type { Address } from 'viem'
import { mutate, query } from '../../graphql/apiClient.ts'
import { sessionKey } from '../../auth/useSession.ts'
import { ConnectButton } from '../../components/ConnectButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { useRescueFocus } from '../../components/useRescueFocus.ts'
import { fillText } from '../../i18n/fill.tsx'
import { useConnection, useWalletCore } from '../../wallet/WalletProvider.tsx'
import { invitationTypedData } from '../../../domain/invitation.ts'
import type { Role } from '../../../domain/permissions.ts'
import { AcceptInvitationMutation, InvitationQuery } from './businessOperations.ts'
import { joinText, rolesText } from './businessText.ts'

/** The page an invitation link opens: connect a wallet, sign the invitation, and act for the business. */
export function JoinPage({ id: token = '' }: { id?: string }) {
  const t = useStore(joinText)
  const roles = useStore(rolesText)
  useDocumentTitle(t.title)
  const heading = useRef<HTMLHeadingElement>(null)
  useRescueFocus(heading)
  const connection = useConnection()
  const { connection: wallet } = useWalletCore()
  const client = useQueryClient()
  const offer = useQuery({
    queryKey: ['invitation', token],
    queryFn: async () => (await query(InvitationQuery, { token })).invitation,
    retry: false,
  })
  const accept = useMutation({
    mutationFn: async () => {
      if (connection.status !== 'connected' || !offer.data) return null
      const member = connection.address
      const { id, business, role } = offer.data
      const signature = await wallet.signTypedData(
        invitationTypedData({ business: business as Address, member, role, invitation: id }),
      )
      return (await mutate(AcceptInvitationMutation, { token, member, chainId: connection.chainId, signature }))
        .acceptInvitation
    },
    onSuccess: async (me) => {
      if (!me) return
      client.setQueryData(sessionKey, me)
      await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] })
    },
  })
  const business = offer.data?.business ?? ''
  return (
    <section aria-labelledby="join-title" className="stack narrow">
      <h1 id="join-title" ref={heading}>
        {t.title}
      </h1>
      <ErrorNotice error={offer.error} />
      {offer.data && !accept.data && (
        <div className="card stack">
          <p data-testid="invitation-offer">{fillText(t.offer, { business, role: roles[offer.data.role as Role] })}</p>
          {connection.status === 'connected' ? (
            <div>
              <button
                type="button"
                className="button primary"
                disabled={accept.isPending}
                onClick={() => accept.mutate()}
              >
                {accept.isPending ? t.accepting : t.accept}
              </button>
            </div>
          ) : (
            <div className="cluster">
              <ConnectButton cta={t.connectFirst} />
            </div>
          )}
          <ErrorNotice error={accept.error} />
        </div>
      )}
      {accept.data && (
        <div className="card stack" data-testid="joined">
          <p>{fillText(t.joined, { business })}</p>
          <div>
            <Link href="/" className="button primary">
              {t.open}
            </Link>
          </div>
        </div>
      )}
    </section>
  )
}
