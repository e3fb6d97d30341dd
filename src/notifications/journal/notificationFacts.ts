import { sql, type SQL } from 'drizzle-orm'
import {
  requestAsLeftKey,
  requestsAsLeft,
  type JournalEntry,
  type JournalRow,
  type RequestAsLeft,
} from '../../db/changeJournal/journalEntries.ts'
import type { Db } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'
import type { NotificationFacts, Recipient } from './notifications.ts'

const jsonList = (values: Iterable<string>) =>
  sql`(select json_array_elements_text(${JSON.stringify([...values])}::json))`

/** The requests that payments and refunds name (and a quote's priced request), as their transactions left them. */
async function requestsOf(tx: Db, entries: readonly JournalEntry[]) {
  const named = (entry: JournalEntry): RequestAsLeft => ({
    entry,
    requestId: String((entry.new ?? entry.old)!.request_id),
  })
  const transfers = entries.filter((e) => e.table === 'payments' || e.table === 'refund_transfers')
  const requests = await requestsAsLeft(tx, transfers.map(named))
  const priced = transfers.flatMap((entry): RequestAsLeft[] => {
    const paid = requests.get(requestAsLeftKey(entry.id, named(entry).requestId))
    return entry.table === 'payments' && typeof paid?.priced_request_id === 'string'
      ? [{ entry, requestId: paid.priced_request_id }]
      : []
  })
  for (const [key, row] of await requestsAsLeft(tx, priced)) requests.set(key, row)
  return requests
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row])
  return groups
}

/** The rows of a statement worth running only for some ids: none without them. */
const readFor = async <T>(tx: Db, ids: ReadonlySet<string>, statement: (ids: SQL) => SQL): Promise<T[]> =>
  ids.size === 0 ? [] : resultRows<T>(await tx.execute(statement(jsonList(ids))))

type Listeners = { payee: string; notices: string[] | null; endpoints: { id: string; events: string[] }[] | null }
type Addressed = Recipient & { key: string }

const recipientsBy = (rows: readonly Addressed[]) =>
  new Map(
    [...groupBy(rows, (r) => r.key)].map(([key, list]) => [
      key,
      list.map(({ address, language }) => ({ address, language })),
    ]),
  )

/**
 * What `decideNotifications` reads besides the entries, read in the consumer's transaction: each
 * statement only when some entry needs it (a run of requests made reads who listens, and no more).
 */
export async function gatherNotificationFacts(tx: Db, entries: readonly JournalEntry[]): Promise<NotificationFacts> {
  const requests = await requestsOf(tx, entries)
  const rowsOf = (table: string) => entries.filter((e) => e.table === table).map((e) => (e.new ?? e.old)!)
  const payees = new Set(
    [...rowsOf('payment_requests'), ...requests.values(), ...rowsOf('unmatched_transfers'), ...rowsOf('relayers')].map(
      (r: JournalRow) => String(r.payee),
    ),
  )
  const statusChanged = new Set(
    entries.flatMap((e) =>
      e.table === 'payment_requests' && e.old && e.old.status !== e.new?.status ? [String(e.new?.id)] : [],
    ),
  )
  const scheduleIds = new Set(
    entries.flatMap((e) =>
      e.table === 'payment_requests' && typeof e.new?.schedule_id === 'string' ? [e.new.schedule_id] : [],
    ),
  )
  const pastDueSubscriptions = new Set(
    entries.flatMap((e) =>
      e.table === 'subscription_charges' && e.new?.state === 'past_due' ? [String(e.new.subscription_id)] : [],
    ),
  )
  const listeners = await readFor<Listeners>(
    tx,
    payees,
    (list) =>
      sql`select p as payee, billfold_email_notices(p) as notices,
        (select json_agg(json_build_object('id', e.id, 'events', e.events)) from webhook_endpoints e
          where e.payee = p and e.disabled_at is null) as endpoints
      from ${list} as t(p)`,
  )
  const payerEmails = await readFor<Addressed>(
    tx,
    statusChanged,
    (list) =>
      sql`select request_id as key, address, language from payer_emails where request_id in ${list} order by created_at`,
  )
  const schedulePayers = await readFor<Addressed>(
    tx,
    scheduleIds,
    (list) =>
      sql`select id as key, payer_email as address, payer_language as language, 0 as rank
        from schedules where payer_email is not null and id in ${list}
      union all select distinct on (schedule_id, lower(address)) schedule_id, address, language, 1 as rank
        from payer_emails where schedule_id in ${list}
      order by key, rank`,
  )
  const subscriptionPayers = await readFor<Addressed>(
    tx,
    pastDueSubscriptions,
    (list) =>
      sql`select id as key, payer_email as address, payer_language as language
        from subscriptions where payer_email is not null and id in ${list}`,
  )
  return {
    requests,
    endpoints: new Map(listeners.map((l) => [l.payee, l.endpoints ?? []])),
    notices: new Map(listeners.map((l) => [l.payee, l.notices ?? []])),
    payerEmails: recipientsBy(payerEmails),
    schedulePayers: recipientsBy(schedulePayers),
    subscriptionPayers: recipientsBy(subscriptionPayers),
  }
}
