import { sql } from 'drizzle-orm'
import { formatUnits, keccak256, recoverTypedDataAddress, stringToBytes, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { devAccounts } from '../../chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../../chain/devnet/setUpDevPriceFeeds.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { alice, codes, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createInvoice, invoiceInput, sellerInput, setSellerDetails } from '../../api/testing/invoiceClient.ts'
import { createApiKey, rest } from '../../api/testing/merchantClient.ts'
import { authoriseQuoteKey, quoteOf, readPriced } from '../../api/testing/pricedRequestClient.ts'
import { pay } from '../../watcher/testing/payments.ts'
import {
  creditNotesOf,
  pdfText,
  refundFromWallet,
  type CreditNoteRead,
  CREDIT_NOTE_FIELDS,
} from '../../api/testing/creditNoteClient.ts'
import { creditNoteTypedData } from '../../domain/invoice/creditNoteSignature.ts'
import { issueRefundCreditNotes } from './refundCreditNotes.ts'

// Two servers on one PostgreSQL where the suite has one; PGlite (one process) otherwise.
const postgresUrl = inject('postgresUrl')
const anvilUrl = inject('anvilUrl')

describe('credit notes', () => {
  let app: TestApp
  let other: TestApp | undefined
  let cookie: string

  const notesOf = (requestId: string) => creditNotesOf(app.url, requestId)
  const refund = (requestId: string, amount: string) => refundFromWallet(app.url, cookie, anvilUrl, requestId, amount)
  const count = async (table: string) =>
    resultRows<{ n: number }>(await app.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n

  /** An EUR invoice of alice's, paid in full in USDC at a quote; the quote's request (what is refunded) and its amount. */
  async function paidInvoice() {
    const invoice = (await createInvoice(app.url, cookie, alice, invoiceInput({}))).data!.createInvoice
    const quoted = (await quoteOf(app.url, invoice.requestId, DEV_USDC_ADDRESS)).data!.quotePaymentRequest
    await pay(anvilUrl, { from: 5, to: alice.address, amount: BigInt(quoted.amount), reference: quoted.reference })
    await expect
      .poll(async () => (await readPriced(app.url, invoice.requestId)).status, { timeout: 15_000 })
      .toBe('paid')
    // The quote's own request, in USDC, is what was paid and what is refunded.
    await expect
      .poll(async () => (await readPriced(app.url, quoted.id)).received, { timeout: 15_000 })
      .toBe(quoted.amount)
    return { invoice, quote: quoted.id, amount: BigInt(quoted.amount) }
  }

  beforeAll(async () => {
    await refreshDevPriceFeeds(anvilUrl, devAccounts[0]!)
    const databaseUrl = postgresUrl ? await createFreshDatabase(postgresUrl) : undefined
    app = await startTestApp({ anvilUrl, databaseUrl, rateLimitPerMinute: 0 })
    if (databaseUrl) other = await startTestApp({ anvilUrl, databaseUrl, rateLimitPerMinute: 0 })
    cookie = (await signIn(app.url, alice)).cookie
    await authoriseQuoteKey(app.url, cookie, alice)
    expect((await setSellerDetails(app.url, cookie, sellerInput())).errors).toBeUndefined()
  }, 60_000)
  afterAll(async () => {
    await other?.close()
    await app?.close()
  })

  it('issues a numbered credit note for each refund of an EUR invoice, in parts, adding up to the invoice rate by rate; its PDF names the invoice', async () => {
    const { invoice, quote, amount } = await paidInvoice()
    const third = amount / 3n
    const parts = [third, third, amount - 2n * third]
    for (const [i, part] of parts.entries()) {
      await refund(quote, formatUnits(part, 6))
      await expect.poll(async () => (await notesOf(invoice.requestId)).length, { timeout: 15_000 }).toBe(i + 1)
    }
    const notes = await notesOf(invoice.requestId)
    expect(notes.map((n) => [n.number, n.kind, n.invoiceNumber])).toEqual([
      ['CN-0001', 'refund', invoice.number],
      ['CN-0002', 'refund', invoice.number],
      ['CN-0003', 'refund', invoice.number],
    ])
    // Each part is valued at the quote the payment paid (1209.82 EUR for `amount`), cumulatively.
    expect(notes[0]!.total).toBe(((third * 120982n) / amount).toString())
    expect(notes.reduce((sum, n) => sum + BigInt(n.total), 0n)).toBe(120982n)
    const rates = notes.map((n) => JSON.parse(n.document).totals.rates as { net: string; tax: string }[])
    const invoiceRates = JSON.parse(invoice.document).totals.rates as { net: string; tax: string }[]
    invoiceRates.forEach((rate, i) => {
      expect(rates.reduce((sum, r) => sum + BigInt(r[i]!.net), 0n)).toBe(BigInt(rate.net))
      expect(rates.reduce((sum, r) => sum + BigInt(r[i]!.tax), 0n)).toBe(BigInt(rate.tax))
    })
    const document = JSON.parse(notes[1]!.document)
    expect(document).toMatchObject({
      typeCode: '381',
      invoice: { number: invoice.number, documentHash: invoice.documentHash },
      seller: { name: 'Ada Lovelace Consulting' },
      buyer: { name: 'Acme GmbH' },
      refund: { symbol: 'USDC', amount: third.toString() },
    })
    expect(keccak256(stringToBytes(notes[1]!.document))).toBe(notes[1]!.documentHash)
    // Signed by the delegate the payee's wallet authorised for this invoice (its quote key), over both documents.
    const typed = (documentHash: Hex) =>
      creditNoteTypedData(31337, { number: notes[1]!.number, invoiceHash: invoice.documentHash as Hex, documentHash })
    const { signature, delegate } = notes[1]!.signed!
    expect(await recoverTypedDataAddress({ ...typed(notes[1]!.documentHash as Hex), signature })).toBe(delegate)
    expect(await recoverTypedDataAddress({ ...typed(keccak256(stringToBytes('{}'))), signature })).not.toBe(delegate)
    const [key] = resultRows<{ payee: string; activated: boolean }>(
      await app.database.db.execute(
        sql`select payee, activated_at is not null as activated from api_keys where delegate = ${delegate}`,
      ),
    )
    expect(key).toEqual({ payee: alice.address, activated: true })

    const response = await fetch(`${app.url}${notes[0]!.pdfPath}`)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    const text = pdfText(new Uint8Array(await response.arrayBuffer()))
    for (const expected of [
      'Credit note',
      'CN-0001',
      invoice.number,
      'For invoice',
      'Refund of a payment',
      'Acme GmbH',
    ])
      expect(text).toContain(expected)
    expect((await fetch(`${app.url}/credit-notes/nothere.pdf`)).status).toBe(404)
  })

  it('takes back nothing of an invoice for the excess of an overpayment it refunds, only what goes beyond it', async () => {
    const invoice = (
      await createInvoice(app.url, cookie, alice, invoiceInput({ currency: undefined, asset: DEV_USDC_ADDRESS }))
    ).data!.createInvoice
    expect(invoice.request.amount).toBe('1209813606')
    await pay(anvilUrl, { from: 5, to: alice.address, amount: 1_300_000_000n, reference: invoice.request.reference })
    await expect
      .poll(async () => (await readPriced(app.url, invoice.requestId)).received, { timeout: 15_000 })
      .toBe('1300000000')
    // 100 USDC back: 90.186394 of it the overpayment, 9.813606 taken back of the invoice.
    await refund(invoice.requestId, '100')
    await expect.poll(async () => (await notesOf(invoice.requestId)).length, { timeout: 15_000 }).toBe(1)
    expect((await notesOf(invoice.requestId))[0]).toMatchObject({ total: '9813606', kind: 'refund' })
  })

  it('cancels an unpaid invoice by a credit note of its full amount, in the invoices’ sequence when the payee chose so, closing its request', async () => {
    const shared = await graphql<{ setCreditNoteNumbering: { nextCreditNoteNumber: string; nextNumber: string } }>(
      app.url,
      'mutation { setCreditNoteNumbering(numbering: "shared") { nextCreditNoteNumber nextNumber } }',
      { cookie },
    )
    expect(shared.data!.setCreditNoteNumbering.nextCreditNoteNumber).toBe(
      shared.data!.setCreditNoteNumbering.nextNumber,
    )
    const invoice = (await createInvoice(app.url, cookie, alice, invoiceInput({}))).data!.createInvoice
    const seq = Number(invoice.number.slice(-4))
    const cancel = () =>
      graphql<{ cancelInvoice: CreditNoteRead }>(
        app.url,
        `mutation($id: String!) { cancelInvoice(requestId: $id, reason: "Ordered twice") { ${CREDIT_NOTE_FIELDS} } }`,
        { variables: { id: invoice.requestId }, cookie },
      )
    const note = (await cancel()).data!.cancelInvoice
    expect(note).toMatchObject({
      number: `2026-${String(seq + 1).padStart(4, '0')}`,
      kind: 'cancellation',
      total: '120982',
      reason: 'Ordered twice',
    })
    expect((await cancel()).data!.cancelInvoice.id).toBe(note.id)
    expect((await readPriced(app.url, invoice.requestId)).status).toBe('cancelled')
    expect(codes(await quoteOf(app.url, invoice.requestId, DEV_USDC_ADDRESS))).toEqual(['NOT_PAYABLE'])
    // The next invoice goes on after the credit note: one sequence, no number twice.
    const next = (await createInvoice(app.url, cookie, alice, invoiceInput({}))).data!.createInvoice
    expect(next.number).toBe(`2026-${String(seq + 2).padStart(4, '0')}`)
    const text = pdfText(new Uint8Array(await (await fetch(`${app.url}${note.pdfPath}`)).arrayBuffer()))
    for (const expected of [note.number, invoice.number, 'Ordered twice']) expect(text).toContain(expected)

    const clash = await graphql(
      app.url,
      'mutation { setCreditNoteNumbering(numbering: "own", pattern: "2026-{seq:3}") { nextCreditNoteNumber } }',
      { cookie },
    )
    expect(clash.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'pattern' })
    await graphql(app.url, 'mutation { setCreditNoteNumbering(numbering: "own") { nextCreditNoteNumber } }', {
      cookie,
    })
  })

  it('refuses to cancel a paid invoice, and over REST lists, reads and cancels with an API key', async () => {
    const { invoice } = await paidInvoice()
    const refused = await graphql(app.url, 'mutation($id: String!) { cancelInvoice(requestId: $id) { id } }', {
      variables: { id: invoice.requestId },
      cookie,
    })
    expect(codes(refused)).toEqual(['PAYMENT_RECEIVED'])
    const key = await createApiKey(app.url, cookie, alice)
    const secret = key.data!.createApiKey.secret
    const unpaid = (await createInvoice(app.url, cookie, alice, invoiceInput({}))).data!.createInvoice
    const cancelled = await rest(app.url, `/invoices/${unpaid.requestId}/cancel`, {
      method: 'POST',
      secret,
      body: { reason: 'Wrong buyer' },
    })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ kind: 'cancellation', invoiceNumber: unpaid.number, reason: 'Wrong buyer' })
    const read = await rest(app.url, `/credit-notes/${cancelled.body!.id}`, { secret })
    expect(read.body).toMatchObject({ number: cancelled.body!.number, total: '120982' })
    const listed = await rest(app.url, '/credit-notes?limit=100', { secret })
    expect(listed.body!.data[0].id).toBe(cancelled.body!.id)
    const ofInvoice = await rest(app.url, `/invoices/${unpaid.requestId}/credit-notes`, { secret })
    expect(ofInvoice.body!.data.map((n: { id: string }) => n.id)).toEqual([cancelled.body!.id])

    // Cancelling an invoice as a plain request cancels it by a credit note too.
    const another = (await createInvoice(app.url, cookie, alice, invoiceInput({}))).data!.createInvoice
    const asRequest = await rest(app.url, `/payment-requests/${another.requestId}/cancel`, { method: 'POST', secret })
    expect(asRequest.body).toMatchObject({ status: 'cancelled' })
    const itsNotes = await rest(app.url, `/invoices/${another.requestId}/credit-notes`, { secret })
    expect(itsNotes.body!.data).toMatchObject([{ kind: 'cancellation', total: '120982', reason: 'Invoice cancelled' }])
  })

  it.skipIf(!postgresUrl)('makes one credit note of a refund that two servers record at once', async () => {
    const { invoice, quote, amount } = await paidInvoice()
    await refund(quote, formatUnits(amount, 6))
    await expect.poll(async () => (await notesOf(invoice.requestId)).length, { timeout: 15_000 }).toBe(1)
    // A retry, or a second server recording the same transfer, each in its own transaction at once.
    const before = await count('credit_notes')
    await app.database.db.execute(sql`delete from credit_notes where invoice_request_id = ${invoice.requestId}`)
    await Promise.all(
      [app, other!].map((server) => server.database.db.transaction((tx) => issueRefundCreditNotes(tx, [quote]))),
    )
    expect(await count('credit_notes')).toBe(before)
    expect((await notesOf(invoice.requestId)).map((n) => n.total)).toEqual(['120982'])
  })
})
