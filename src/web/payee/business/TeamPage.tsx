import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { BackToRequests } from '../BackToRequests.tsx'
import { mutate, query } from '../../graphql/apiClient.ts'
import { CopyButton } from '../../components/CopyButton.tsx'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { showNotice } from '../../components/NoticeRegion.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { useRescueFocus } from '../../components/useRescueFocus.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { fillText } from '../../i18n/fill.tsx'
import { MEMBER_ROLES, type Role } from '../../../domain/permissions.ts'
import { AuditLogPanel } from './AuditLogPanel.tsx'
import { MemberDelegatePanel } from './MemberDelegatePanel.tsx'
import { PayoutAddressPanel } from './PayoutAddressPanel.tsx'
import {
  ChangeRoleMutation,
  InviteMutation,
  RemoveMemberMutation,
  TeamQuery,
  WithdrawInvitationMutation,
} from './businessOperations.ts'
import { roleHintsText, rolesText, teamText } from './businessText.ts'

/**
 * The owner's page of the business: the payout address, invite by link, the members and their roles,
 * the delegate that signs members' requests, and the audit log.
 */
export function TeamPage() {
  const t = useStore(teamText)
  const roles = useStore(rolesText)
  const hints = useStore(roleHintsText)
  const { dateTime } = useFormat()
  useDocumentTitle(t.title)
  const heading = useRef<HTMLHeadingElement>(null)
  useRescueFocus(heading)
  const client = useQueryClient()
  const team = useQuery({ queryKey: ['team'], queryFn: () => query(TeamQuery) })
  // Each change is also a new line of the audit log below.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['team'] }),
      client.invalidateQueries({ queryKey: ['audit-log'] }),
    ])
  const [role, setRole] = useState<string>('cashier')
  const [link, setLink] = useState<string>()
  const invite = useMutation({
    mutationFn: async () => (await mutate(InviteMutation, { role })).inviteMember,
    onSuccess: (made) => {
      setLink(`${window.location.origin}/join/${made.token}`)
      void refresh()
    },
  })
  const change = useMutation({
    mutationFn: (v: { member: string; role: string }) => mutate(ChangeRoleMutation, v),
    onSettled: refresh,
  })
  const remove = useMutation({
    mutationFn: (member: string) => mutate(RemoveMemberMutation, { member }),
    onSettled: refresh,
  })
  const withdraw = useMutation({
    mutationFn: (id: string) => mutate(WithdrawInvitationMutation, { id }),
    onSettled: refresh,
  })

  return (
    <section aria-labelledby="team-title" className="stack">
      <BackToRequests />
      <h1 id="team-title" ref={heading}>
        {t.title}
      </h1>
      <p className="hint">{t.hint}</p>

      <PayoutAddressPanel />

      <section className="card stack" aria-labelledby="invite-title">
        <h2 id="invite-title">{t.inviteTitle}</h2>
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault()
            invite.mutate()
          }}
        >
          <fieldset className="stack">
            <legend>{t.role}</legend>
            {MEMBER_ROLES.map((r) => (
              <label key={r} className="choice">
                <input type="radio" name="role" value={r} checked={role === r} onChange={() => setRole(r)} />
                <span>
                  <strong>{roles[r]}</strong> — {hints[r]}
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <button type="submit" className="button primary" disabled={invite.isPending}>
              {invite.isPending ? t.inviting : t.invite}
            </button>
          </div>
        </form>
        <ErrorNotice error={invite.error} />
        {link && (
          <div className="stack">
            <p className="hint">{t.linkHint}</p>
            <div className="cluster">
              <code className="mono" data-testid="invitation-link">
                {link}
              </code>
              <CopyButton value={link} label={t.copyLink} />
            </div>
          </div>
        )}
      </section>

      <section className="card stack" aria-labelledby="members-title">
        <h2 id="members-title">{t.membersTitle}</h2>
        <ErrorNotice error={team.error} />
        <ul className="stack" data-testid="members">
          {team.data?.members.map((m) => (
            <li key={m.member} className="cluster">
              <span className="mono">{m.member}</span>
              {m.role === 'owner' ? (
                <span className="badge">{t.owner}</span>
              ) : (
                <>
                  <select
                    aria-label={fillText(t.changeRole, { member: m.member })}
                    value={m.role}
                    onChange={(event) =>
                      change.mutate({ member: m.member, role: event.target.value }, { onError: showNotice })
                    }
                  >
                    {MEMBER_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {roles[r as Role]}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="button small"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(m.member, { onError: showNotice })}
                  >
                    {remove.isPending ? t.removing : t.remove}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
        <h3>{t.pendingTitle}</h3>
        {team.data?.invitations.length === 0 && <p>{t.noPending}</p>}
        <ul className="stack">
          {team.data?.invitations.map((i) => (
            <li key={i.id} className="cluster">
              <span>{roles[i.role as Role]}</span>
              <span className="hint">{fillText(t.expires, { date: dateTime(i.expiresAt) })}</span>
              <button
                type="button"
                className="button small"
                onClick={() => withdraw.mutate(i.id, { onError: showNotice })}
              >
                {t.withdraw}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <MemberDelegatePanel />

      <AuditLogPanel />
    </section>
  )
}
