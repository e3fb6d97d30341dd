import type { Hex } from 'viem'

export const creditNoteTypes = {
  CreditNote: [
    { name: 'number', type: 'string' },
    { name: 'invoice', type: 'bytes32' },
    { name: 'creditNote', type: 'bytes32' },
  ],
} as const

/**
 * The typed data a credit note is signed as, on its invoice's chain: its number, the hash of the
 * invoice document it corrects and the hash of its own document, under the name a wallet shows.
 */
export function creditNoteTypedData(
  chainId: number,
  { number, invoiceHash, documentHash }: { number: string; invoiceHash: Hex; documentHash: Hex },
) {
  return {
    domain: { name: 'Billfold', version: '1', chainId },
    types: creditNoteTypes,
    primaryType: 'CreditNote' as const,
    message: { number, invoice: invoiceHash, creditNote: documentHash },
  }
}
