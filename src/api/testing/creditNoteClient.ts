import { execFileSync } from 'node:child_process'
import type { Address, Hex } from 'viem'
import { chainClients } from '../../watcher/testing/payments.ts'
import { graphql } from './graphqlClient.ts'

export type CreditNoteRead = {
  id: string
  number: string
  kind: string
  invoiceNumber: string
  total: string
  reason: string
  document: string
  documentHash: string
  pdfPath: string
  xmlPaths: string[]
  signed: { signature: Hex; delegate: Address } | null
}
export const CREDIT_NOTE_FIELDS =
  'id number kind invoiceNumber total reason document documentHash pdfPath xmlPaths signed { signature delegate }'

/** The PDF's text as poppler's pdftotext extracts it. */
export const pdfText = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8')

/** An invoice's credit notes as the pay page reads them (no sign-in). */
export const creditNotesOf = async (url: string, requestId: string) =>
  (
    await graphql<{ paymentRequest: { invoice: { creditNotes: CreditNoteRead[] } } }>(
      url,
      `query($id: String!) { paymentRequest(id: $id) { invoice { creditNotes { ${CREDIT_NOTE_FIELDS} } } } }`,
      { variables: { id: requestId } },
    )
  ).data!.paymentRequest.invoice.creditNotes

/** Prepares a refund as the payee's app does and sends it from the payee's wallet (dev account 0). */
export async function refundFromWallet(url: string, cookie: string, rpcUrl: string, requestId: string, amount: string) {
  const answer = await graphql<{ prepareRefund: { transaction: { to: Hex; value: string; data: Hex } } }>(
    url,
    'mutation($r: String!, $a: String!) { prepareRefund(requestId: $r, amount: $a) { transaction { to value data } } }',
    { variables: { r: requestId, a: amount }, cookie },
  )
  if (answer.errors) throw new Error(answer.errors[0]!.message)
  const { transaction } = answer.data!.prepareRefund
  const { walletOf, publicClient } = chainClients(rpcUrl)
  const hash = await walletOf(0).sendTransaction({
    to: transaction.to,
    value: BigInt(transaction.value),
    data: transaction.data,
  })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return hash
}
