import { sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { EmailRefusedError, EmailConfirmationLimitedError } from '../../domain/errors/email.ts'

/** A confirmation link to one address at most this often, and this many a day, whoever asks. */
export const CONFIRMATION_EVERY_HOURS = 1
export const CONFIRMATIONS_PER_DAY = 3

/** Whether the address refused all e-mail from this Billfold (by the link in one of its e-mails). */
export async function isRefused(db: Db, address: string): Promise<boolean> {
  const rows = resultRows<{ refused: boolean }>(
    await db.execute(
      sql`select exists (select 1 from email_suppressions where address_hash = billfold_email_key(${address})) as refused`,
    ),
  )
  return rows[0]!.refused
}

/** The recipient's refusal, for good: nothing of any kind is queued or sent to the address again. */
export async function refuseAddress(db: Db, address: string) {
  await db.execute(
    sql`insert into email_suppressions (address_hash) values (billfold_email_key(${address})) on conflict do nothing`,
  )
}

export const addressRefused = () =>
  new EmailRefusedError({
    field: 'address',
    shortMessage:
      'This address refused all e-mail from this Billfold (by the link in one of its e-mails), so nothing can be sent to it. Choose another address.',
  })

/**
 * Records a confirmation asked for the address, or refuses it (nothing recorded) when one was asked
 * within the hour or three within the day, saying when one may be. Counted in the database, under
 * a lock on the address's key, so servers asking at once share the bound. Run it in the transaction
 * that queues the e-mail.
 */
export async function askConfirmation(tx: Db, address: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(billfold_email_key(${address}), 0))`)
  const [row] = resultRows<{ next_at: string | Date | null; now: string | Date }>(
    await tx.execute(sql`
      select now() as now, greatest(
        (select max(asked_at) + make_interval(hours => ${CONFIRMATION_EVERY_HOURS}) from email_confirmations
          where address_hash = billfold_email_key(${address})),
        (select asked_at + interval '1 day' from email_confirmations where address_hash = billfold_email_key(${address})
          order by asked_at desc offset ${CONFIRMATIONS_PER_DAY - 1} limit 1)
      ) as next_at`),
  )
  const nextAt = row!.next_at === null ? undefined : new Date(row!.next_at)
  if (nextAt && nextAt > new Date(row!.now)) throw confirmationLimited(nextAt)
  await tx.execute(sql`delete from email_confirmations where asked_at < now() - interval '1 day'`)
  await tx.execute(sql`insert into email_confirmations (address_hash) values (billfold_email_key(${address}))`)
}

// Rounded up, so that the time said is never one at which asking is still refused.
const minute = (at: Date) =>
  `${new Date(Math.ceil(at.getTime() / 60_000) * 60_000).toISOString().slice(0, 16).replace('T', ' ')} UTC`

const confirmationLimited = (nextAt: Date) =>
  new EmailConfirmationLimitedError({
    field: 'address',
    shortMessage: `A confirmation link was sent to this address recently; another may be asked for from ${minute(nextAt)} (at most one an hour and ${CONFIRMATIONS_PER_DAY} a day to an address). Nothing was saved or sent.`,
    details: `retry at ${nextAt.toISOString()}`,
  })
