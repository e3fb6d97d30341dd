import { useStore } from '@nanostores/react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { AUDITED_FROM_CHAIN } from '../../../domain/audit.ts'
import { query } from '../../graphql/apiClient.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { ScrollTable } from '../../components/ScrollTable.tsx'
import { AuditLogQuery } from './businessOperations.ts'
import { auditActionLabel } from '../../../domain/auditActionLabel.ts'
import type { Role } from '../../../domain/permissions.ts'
import { auditActionsText, auditText, rolesText } from './businessText.ts'

/** The business's audit log, newest first, a page at a time, each action in the reader's words, with its CSV export. */
export function AuditLogPanel() {
  const t = useStore(auditText)
  const actions = useStore(auditActionsText)
  const roles = useStore(rolesText)
  const { dateTime } = useFormat()
  const log = useInfiniteQuery({
    queryKey: ['audit-log'],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => (await query(AuditLogQuery, { before: pageParam })).auditLog,
    getNextPageParam: (page) => (page.length === 50 ? page.at(-1)!.id : undefined),
  })
  const entries = log.data?.pages.flat() ?? []
  return (
    <section className="card stack" aria-labelledby="audit-title">
      <div className="cluster">
        <h2 id="audit-title">{t.title}</h2>
        <a className="button small" href="/export/audit.csv" download>
          {t.export}
        </a>
      </div>
      <p className="hint">{t.hint}</p>
      <ErrorNotice error={log.error} />
      {log.isSuccess && entries.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ScrollTable labelledBy="audit-title">
          <table data-testid="audit-log">
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.who}</th>
                <th scope="col">{t.role}</th>
                <th scope="col">{t.action}</th>
                <th scope="col">{t.object}</th>
                <th scope="col">{t.from}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{dateTime(e.at)}</td>
                  <td className="mono">{e.actor}</td>
                  <td>{roles[e.role as Role] ?? e.role}</td>
                  <td title={e.action}>{auditActionLabel(actions, e.action)}</td>
                  <td className="mono">{e.objectId ?? ''}</td>
                  <td className="mono">{e.clientIp === AUDITED_FROM_CHAIN ? t.onChain : e.clientIp}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {log.hasNextPage && (
        <button type="button" className="button" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {t.older}
        </button>
      )}
    </section>
  )
}
