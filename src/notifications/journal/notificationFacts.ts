import { sql } from 'drizzle-orm'
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

/** What `decideNotifications` reads besides the entries, read in the consumer's transaction. */
export async function gatherNotificationFacts(tx: Db, entries: readonly JournalEntry[]): Promise<NotificationFacts> {
  const requests = await requestsOf(tx, entries)
  const rowsOf = (table: string) => entries.filter((e) => e.table === table).map((e) => (e.new ?? e.old)!)
  const madeOrChanged = rowsOf('payment_requests')
  const payees = new Set(
    [...madeOrChanged, ...requests.values(), ...rowsOf('unmatched_transfers'), ...rowsOf('relayers')].map(
      (r: JournalRow) => String(r.payee),
    ),
  )
  const scheduleIds = new Set(madeOrChanged.flatMap((r) => (typeof r.schedule_id === 'string' ? [r.schedule_id] : [])))
  const [endpoints, notices, payerEmails, schedulePayers] = await Promise.all([
    tx.execute(
      sql`select id, payee, events from webhook_endpoints where disabled_at is null and payee in ${jsonList(payees)}`,
    ),
    tx.execute(sql`select p as payee, billfold_email_notices(p) as notices from ${jsonList(payees)} as t(p)`),
    tx.execute(sql`select request_id, address, language from payer_emails
      where request_id in ${jsonList(madeOrChanged.map((r) => String(r.id)))} order by created_at`),
    tx.execute(sql`select id as schedule_id, payer_email as address, payer_language as language, 0 as rank
        from schedules where payer_email is not null and id in ${jsonList(scheduleIds)}
      union all select distinct on (schedule_id, lower(address)) schedule_id, address, language, 1 as rank
        from payer_emails where schedule_id in ${jsonList(scheduleIds)}
      order by schedule_id, rank`),
  ])
  type Endpoint = { id: string; payee: string; events: string[] }
  type Notices = { payee: string; notices: string[] | null }
  type Addressed = Recipient & { request_id: string }
  type SchedulePayer = Recipient & { schedule_id: string }
  const recipient = ({ address, language }: Recipient): Recipient => ({ address, language })
  return {
    requests,
    endpoints: groupBy(resultRows<Endpoint>(endpoints), (e) => e.payee),
    notices: new Map(resultRows<Notices>(notices).map((n) => [n.payee, n.notices ?? []])),
    payerEmails: new Map(
      [...groupBy(resultRows<Addressed>(payerEmails), (p) => p.request_id)].map(([id, list]) => [
        id,
        list.map(recipient),
      ]),
    ),
    schedulePayers: new Map(
      [...groupBy(resultRows<SchedulePayer>(schedulePayers), (p) => p.schedule_id)].map(([id, list]) => [
        id,
        list.map(recipient),
      ]),
    ),
  }
}
