import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import { cancelInvoice } from '../../payments/creditNotes/cancelInvoice.ts'
import { creditNotesOf, creditNotesOfInvoices, findCreditNote } from '../../payments/creditNotes/creditNoteReads.ts'
import { invoicesOf } from '../../payments/invoices/invoiceReads.ts'
import type { Actor } from '../business/authorize.ts'
import { ownRequest } from '../business/ownRequest.ts'
import { defineUseCase } from '../business/useCase.ts'
import { invoiceHead, issueMerchantInvoice } from '../merchantInvoice.ts'
import {
  checkInvoiceFor,
  issueInvoiceFor,
  type InvoiceForInput,
  type MemberInvoiceServices,
} from '../business/memberInvoice.ts'

type Page<B> = { first: number; before?: B | undefined }

/** An invoice the business's wallet signed with the number it was shown, or a member's, signed by the members' delegate. */
export const issueSignedInvoice = defineUseCase({
  action: 'createInvoice',
  permission: 'invoices:write',
  audited: (_, made: Awaited<ReturnType<typeof issueInvoiceFor>>) => made.requestId,
  prepare: (actor: Actor, services: MemberInvoiceServices, input: InvoiceForInput) =>
    checkInvoiceFor(services, actor, input),
  run: (_, services, __, checked) => issueInvoiceFor(services, checked),
})

/** An invoice a key's server asks for: the next number, signed by the key's delegate. */
export const issueKeyInvoice = defineUseCase({
  action: 'createInvoice',
  permission: 'invoices:write',
  audited: (_, made: Awaited<ReturnType<typeof issueMerchantInvoice>>) => made.request.id,
  unchanged: ({ replayed }) => replayed,
  prepare: (
    _: Actor,
    __: { db: Db },
    parameters: Omit<Parameters<typeof issueMerchantInvoice>[1], 'createdBlock'> & {
      client: Parameters<typeof invoiceHead>[0]
    },
  ) => invoiceHead(parameters.client, parameters.input),
  run: (_, { db }, parameters, createdBlock) => issueMerchantInvoice(db, { ...parameters, createdBlock }),
})

export const listInvoices = defineUseCase({
  action: 'myInvoices',
  permission: 'invoices:read',
  run: (actor: Actor, { db }: { db: Db }, page: Page<number>) => invoicesOf(db, getAddress(actor.address), page),
})

/** An unpaid invoice cancelled by a credit note of its full amount. */
export const cancelInvoiceOf = defineUseCase({
  action: 'cancelInvoice',
  permission: 'invoices:write',
  audited: ({ requestId }) => requestId,
  run: async (actor: Actor, { db }: { db: Db }, input: { requestId: string; reason?: string | null }) =>
    cancelInvoice(db, await ownRequest(db, actor, input.requestId, 'requestId'), input.reason ?? ''),
})

export const listCreditNotes = defineUseCase({
  action: 'myCreditNotes',
  permission: 'invoices:read',
  run: (actor: Actor, { db }: { db: Db }, page: Page<Date>) => creditNotesOf(db, getAddress(actor.address), page),
})

export const readCreditNote = defineUseCase({
  action: 'creditNote',
  permission: 'invoices:read',
  run: async (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => {
    const note = await findCreditNote(db, id)
    if (!note || getAddress(note.payee) !== getAddress(actor.address))
      throw new NotFoundError({ field: 'id', shortMessage: `There is no credit note ${id} of this business.` })
    return note
  },
})

export const creditNotesOfInvoice = defineUseCase({
  action: 'invoiceCreditNotes',
  permission: 'invoices:read',
  run: async (actor: Actor, { db }: { db: Db }, { requestId }: { requestId: string }) =>
    creditNotesOfInvoices(db, [(await ownRequest(db, actor, requestId)).id]),
})
