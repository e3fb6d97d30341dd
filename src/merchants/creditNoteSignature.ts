import { eq } from 'drizzle-orm'
import { getAddress, type Hex } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { apiKeys, paymentRequests } from '../db/schema.ts'
import type { CreditNoteDocument } from '../domain/invoice/creditNoteDocument.ts'
import { creditNoteTypedData } from '../domain/invoice/creditNoteSignature.ts'
import type { DelegateSignature } from './signing/delegateSignature.ts'
import { authorisedQuoteKey } from './quoteKeys.ts'
import type { CreditNoteRow } from '../payments/creditNotes/issueCreditNote.ts'

/** A credit note's EIP-712 `CreditNote` signature and the delegate that made it. */
export type CreditNoteSignature = { signature: Hex; delegate: string; apiKeyId: string }

/**
 * Signs a credit note as its invoice's delegates sign: the key that signed the invoice for a
 * merchant's server, else the invoice's quote key, else the payee's authorised quote key — each a
 * delegate the payee's wallet authorised (EIP-712 `Delegation`), as a payer checks for a request.
 * The signature is deterministic (RFC 6979), so it is the same each time it is asked for. Null when
 * the payee has authorised no delegate, or withdrew it.
 */
export async function creditNoteSignature(
  db: Db,
  signAsDelegate: DelegateSignature,
  note: CreditNoteRow,
): Promise<CreditNoteSignature | null> {
  const [request] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, note.invoiceRequestId))
  if (!request) return null
  const now = Date.now()
  const usable = (key: typeof apiKeys.$inferSelect | undefined) =>
    key && key.activatedAt && !key.revokedAt && key.delegationExpiresAt.getTime() > now ? key : undefined
  const byId = async (id: string | null) =>
    id ? usable((await db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]) : undefined
  const key =
    (await byId(request.issuedByKeyId)) ??
    (await byId(request.quoteKeyId)) ??
    usable(await authorisedQuoteKey(db, getAddress(request.payee)))
  if (!key) return null
  const document = JSON.parse(note.document) as CreditNoteDocument
  const signature = await signAsDelegate(
    key,
    creditNoteTypedData(request.chainId, {
      number: note.number,
      invoiceHash: document.invoice.documentHash as Hex,
      documentHash: note.documentHash as Hex,
    }),
  )
  return { signature, delegate: key.delegate, apiKeyId: key.id }
}
