import { and, eq, sql } from 'drizzle-orm'
import { getAddress, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { emailAddresses, payerEmails, paymentRequests } from '../../db/schema.ts'
import { emailProblem } from '../../domain/emailAddress.ts'
import { LANGUAGES } from '../../domain/locales.ts'
import { addressRefused, askConfirmation, isRefused } from './emailConsent.ts'
import { PAYEE_NOTICES } from './renderEmail.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import { EmailDisabledError } from '../../domain/errors/email.ts'
import { fieldErrors } from '../../domain/errors/input.ts'

export type PayeeEmailRow = typeof emailAddresses.$inferSelect

/** EMAIL_DISABLED when this Billfold has no mail server to send with. */
export function requireEmailEnabled(enabled: boolean) {
  if (!enabled)
    throw new EmailDisabledError({
      shortMessage:
        'E-mail is off on this Billfold: whoever runs it has not connected a mail server yet. Once they do, it sends receipts, confirmations and the notices you choose.',
    })
}

const languageProblem = (language: string) =>
  language in LANGUAGES ? undefined : `language must be one of ${Object.keys(LANGUAGES).join(', ')}.`

/**
 * Queues an e-mail outside the change journal (a confirmation link, a receipt asked for after the
 * payment, a daily notice) through the journal consumer's own function: one insert, at most once per
 * key, and the wake-up.
 */
export async function queueEmail(
  db: Db,
  row: {
    dedupeKey: string
    kind: string
    toAddress?: string
    language?: string
    requestId?: string
    payee?: string
    payload?: Record<string, string>
  },
) {
  await db.execute(
    sql`select billfold_queue_email(${row.dedupeKey}, ${row.kind}, ${row.payee ?? null}, ${row.toAddress ?? null}, ${row.language ?? null}, ${row.requestId ?? null}, ${row.payload ? JSON.stringify(row.payload) : null}::jsonb)`,
  )
}

export async function findPayeeEmail(db: Db, payee: Address): Promise<PayeeEmailRow | undefined> {
  const [row] = await db
    .select()
    .from(emailAddresses)
    .where(eq(emailAddresses.payee, getAddress(payee)))
  return row
}

/**
 * A payee's address, language and notices. A new address (or one not confirmed yet) is sent a
 * confirmation link, within the bound on them (`askConfirmation`), and gets nothing else until it is
 * followed; the same address keeps its confirmation (or the link already sent, within the bound)
 * when only the notices or the language change.
 * An address that refused all e-mail is refused.
 */
export async function setPayeeEmail(
  db: Db,
  payee: Address,
  input: { address: string; language: string; notices: readonly string[] },
): Promise<PayeeEmailRow> {
  const unknown = input.notices.find((n) => !(PAYEE_NOTICES as readonly string[]).includes(n))
  const errors = {
    address: emailProblem('address', input.address),
    language: languageProblem(input.language),
    notices: unknown ? `notices has "${unknown}"; choose among ${PAYEE_NOTICES.join(', ')}.` : undefined,
  }
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  const address = input.address.trim()
  if (await isRefused(db, address)) throw addressRefused()
  return db.transaction(async (tx) => {
    const current = await findPayeeEmail(tx, payee)
    const same = current?.address.toLowerCase() === address.toLowerCase()
    // The same unconfirmed address saved again (its notices changed) keeps the link already sent
    // when the bound allows no other; a new address past the bound is refused.
    let confirming = !(same && current.confirmedAt)
    if (confirming)
      await askConfirmation(tx, address).catch((error: unknown) => {
        if (!same) throw error
        confirming = false
      })
    const values = { address, language: input.language, notices: [...new Set(input.notices)] }
    const [row] = await tx
      .insert(emailAddresses)
      .values({ payee: getAddress(payee), ...values })
      .onConflictDoUpdate({
        target: emailAddresses.payee,
        set: { ...values, ...(same ? {} : { confirmedAt: null }) },
      })
      .returning()
    if (confirming)
      await queueEmail(tx, {
        dedupeKey: `confirm:${row!.payee}:${address.toLowerCase()}:${Date.now()}`,
        kind: 'confirm',
        toAddress: address,
        language: input.language,
        payee: row!.payee,
      })
    return row!
  })
}

/** The confirmation link followed: the address is the payee's for notices, unless it refused all e-mail since. */
export async function confirmPayeeEmail(db: Db, payee: string, address: string): Promise<boolean> {
  if (await isRefused(db, address)) return false
  const [row] = await db
    .update(emailAddresses)
    .set({ confirmedAt: sql`coalesce(${emailAddresses.confirmedAt}, now())` })
    .where(and(eq(emailAddresses.payee, payee), sql`lower(${emailAddresses.address}) = ${address.toLowerCase()}`))
    .returning()
  return row !== undefined
}

/**
 * An address a payer leaves on the pay page (never required): the receipt goes there once the
 * request is paid (at once if it is already), and a schedule's next requests.
 */
export async function leavePayerEmail(db: Db, requestId: string, input: { address: string; language: string }) {
  const errors = { address: emailProblem('address', input.address), language: languageProblem(input.language) }
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  const [request] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, requestId))
  if (!request || request.pricedRequestId !== null)
    throw new NotFoundError({
      field: 'requestId',
      shortMessage: 'There is no payment request with this id.',
    })
  const address = input.address.trim()
  await db
    .insert(payerEmails)
    .values({ requestId, address, language: input.language, scheduleId: request.scheduleId })
    .onConflictDoUpdate({ target: [payerEmails.requestId, payerEmails.address], set: { language: input.language } })
  if (request.status === 'paid' || request.status === 'overpaid')
    await queueEmail(db, {
      dedupeKey: `receipt:${requestId}:${address.toLowerCase()}`,
      kind: 'receipt',
      toAddress: address,
      language: input.language,
      requestId,
    })
}
