import type { CreditNoteDocument } from '../../../domain/invoice/creditNoteDocument.ts'
import { creditNotesOfInvoices } from '../../../payments/creditNotes/creditNoteReads.ts'
import { cancelInvoiceOf, listCreditNotes, readCreditNote } from '../../../merchants/invoices/invoiceUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { creditNoteSignature, type CreditNoteSignature } from '../../../merchants/creditNoteSignature.ts'
import { numberCreditNotes } from '../../../merchants/books/booksUseCases.ts'
import { nextCreditNoteNumber, type CreditNoteRow } from '../../../payments/creditNotes/issueCreditNote.ts'
import { builder } from '../builder.ts'
import { Invoice } from './invoiceSchema.ts'
import { SellerDetails } from './sellerSchema.ts'

const documentOf = (row: CreditNoteRow) => JSON.parse(row.document) as CreditNoteDocument

const CreditNoteSignatureRef = builder.objectRef<CreditNoteSignature>('CreditNoteSignature').implement({
  description:
    'EIP-712 `CreditNote` (number, the invoice document’s hash, the credit note document’s hash) on the invoice’s chain, signed by a delegate the payee’s wallet authorised (its `Delegation` as for an API key).',
  fields: (t) => ({
    signature: t.exposeString('signature'),
    delegate: t.exposeString('delegate'),
    apiKeyId: t.exposeString('apiKeyId', {
      description: 'The key whose delegate signed: its delegation names the payee.',
    }),
  }),
})

export const CreditNote = builder.objectRef<CreditNoteRow>('CreditNote').implement({
  description:
    'A document that takes back all or part of an invoice (EN 16931 type 381): issued for each refund of the invoice recorded from the chain, or when an unpaid invoice is cancelled.',
  fields: (t) => ({
    id: t.exposeString('id'),
    number: t.exposeString('number'),
    kind: t.exposeString('kind', { description: '"refund" or "cancellation".' }),
    invoiceRequestId: t.exposeString('invoiceRequestId'),
    invoiceNumber: t.string({ resolve: (n) => documentOf(n).invoice.number }),
    issueDate: t.string({ description: 'YYYY-MM-DD (UTC).', resolve: (n) => documentOf(n).issueDate }),
    currency: t.string({ resolve: (n) => documentOf(n).currency }),
    minorDigits: t.int({ resolve: (n) => documentOf(n).minorDigits }),
    total: t.string({
      description: 'What it takes back, in the minor units of the invoice’s currency.',
      resolve: (n) => documentOf(n).totals.total,
    }),
    reason: t.string({ resolve: (n) => documentOf(n).reason }),
    document: t.exposeString('document', { description: 'The document’s canonical JSON text: hash it to check it.' }),
    documentHash: t.exposeString('documentHash'),
    pdfPath: t.string({
      description: 'A4; add ?paper=letter for US Letter.',
      resolve: (n) => `/credit-notes/${n.id}.pdf`,
    }),
    xmlPaths: t.stringList({
      description:
        'The e-invoice (type 381): CII in EN 16931, XRechnung in CII, XRechnung in UBL (409 with the reason when its invoice has none).',
      resolve: (n) => ['.xml', '.xrechnung.xml', '.ubl.xml'].map((ext) => `/credit-notes/${n.id}${ext}`),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    signed: t.field({
      type: CreditNoteSignatureRef,
      nullable: true,
      description: 'Null while the payee has authorised no delegate (their quote key or an API key).',
      resolve: (n, _, ctx) => creditNoteSignature(ctx.reads, ctx.merchants.secrets.signAsDelegate, n),
    }),
  }),
})

builder.objectField(Invoice, 'creditNotes', (t) =>
  t.field({
    type: [CreditNote],
    description: 'The credit notes of this invoice, in the order they were issued.',
    resolve: (i, _, ctx) => creditNotesOfInvoices(ctx.reads, [i.requestId]),
  }),
)

builder.objectField(SellerDetails, 'creditNoteNumbering', (t) =>
  t.string({
    description: '"own": credit notes have their own sequence (`creditNotePattern`); "shared": the invoices’.',
    resolve: (s) => s.creditNoteNumbering,
  }),
)
builder.objectField(SellerDetails, 'creditNotePattern', (t) => t.exposeString('creditNotePattern'))
builder.objectField(SellerDetails, 'nextCreditNoteNumber', (t) =>
  t.string({
    description: 'The number the next credit note gets, unless another is issued first.',
    resolve: (s) => nextCreditNoteNumber(s).number,
  }),
)

builder.queryFields((t) => ({
  myCreditNotes: t.field({
    type: [CreditNote],
    description: "The signed-in payee's credit notes, newest first; `before` is a creation time to page from.",
    args: { first: t.arg.int({ required: false }), before: t.arg({ type: 'DateTime', required: false }) },
    ...runs(listCreditNotes),
    resolve: async (_, { first, before }, ctx) =>
      listCreditNotes(
        await ctx.actor(),
        { db: ctx.reads },
        { first: Math.min(Math.max(first ?? 50, 1), 100), before: before ?? undefined },
      ),
  }),
  creditNote: t.field({
    type: CreditNote,
    description: "One of the signed-in payee's credit notes.",
    args: { id: t.arg.string({ required: true }) },
    ...runs(readCreditNote),
    resolve: async (_, args, ctx) => readCreditNote(await ctx.actor(), { db: ctx.reads }, args),
  }),
}))

builder.mutationFields((t) => ({
  cancelInvoice: t.field({
    type: CreditNote,
    description:
      'Cancels an unpaid invoice of the signed-in payee by a credit note of its full amount, closing its request (the pay page then says it is cancelled); a paid one is refunded instead. `reason` is printed on the note.',
    args: { requestId: t.arg.string({ required: true }), reason: t.arg.string({ required: false }) },
    ...runs(cancelInvoiceOf),
    resolve: async (_, args, ctx) => cancelInvoiceOf(await ctx.actor(), { db: ctx.db }, args),
  }),
  setCreditNoteNumbering: t.field({
    type: SellerDetails,
    description:
      'How the signed-in payee’s credit notes are numbered: "own" (by `pattern`, such as `CN-{seq:4}`, in a sequence of their own) or "shared" (in the invoices’ sequence and pattern).',
    args: { numbering: t.arg.string({ required: true }), pattern: t.arg.string({ required: false }) },
    ...runs(numberCreditNotes),
    resolve: async (_, args, ctx) => numberCreditNotes(await ctx.actor(), { db: ctx.db }, args),
  }),
}))
