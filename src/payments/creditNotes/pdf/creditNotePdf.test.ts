import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import type { CreditNoteDocument } from '../../../domain/invoice/creditNoteDocument.ts'
import { creditNotePdf } from './creditNotePdf.ts'

const pdfText = (pdf: Uint8Array) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8')

const note = (language: string, reason: string): CreditNoteDocument => ({
  version: 1,
  typeCode: '381',
  kind: 'refund',
  number: 'CN-0007',
  issueDate: '2026-11-20',
  language,
  currency: 'EUR',
  minorDigits: 2,
  invoice: { number: '2026-0042', issueDate: '2026-11-02', documentHash: `0x${'ab'.repeat(32)}` },
  seller: {
    name: 'Ada Lovelace Consulting',
    address: 'Kastanienallee 1\n10435 Berlin',
    taxId: 'DE123456789',
    email: '',
  },
  buyer: {
    name: 'Acme SARL',
    address: '5 rue de la Paix',
    postcode: '75002',
    city: 'Paris',
    country: 'FR',
    vatId: 'FR12345678901',
    taxId: '',
    email: '',
  },
  reason,
  refund: { chainId: 8453, txHash: `0x${'cd'.repeat(32)}`, amount: '40327000', symbol: 'USDC', decimals: 6 },
  totals: { rates: [{ rate: '1900', net: '33889', tax: '6439' }], net: '33889', tax: '6439', total: '40328' },
})

describe('credit note PDF', () => {
  it('prints a credit note in its invoice’s language: its number, the invoice it refers to, the reason and the amounts', async () => {
    const input = (language: string, reason: string) => ({
      creditNote: note(language, reason),
      documentHash: `0x${'ef'.repeat(32)}`,
      logoPng: null,
      chainName: 'Base',
      paper: 'a4' as const,
    })
    const german = pdfText(await creditNotePdf(input('de', 'Erstattung einer auf der Blockchain erhaltenen Zahlung')))
    for (const text of [
      'Gutschrift',
      'CN-0007',
      'Zur Rechnung',
      '2026-0042',
      '2. November 2026',
      'Erstattung',
      '403,28 €',
      '40,327 USDC',
      'Base',
      // The parties as the invoice names them, with a version-2 buyer's place and VAT id.
      '75002 Paris',
      'USt-IdNr.: FR12345678901',
    ])
      expect(german).toContain(text)
    const japanese = pdfText(await creditNotePdf(input('ja', 'オンチェーンで受け取った支払いの返金')))
    for (const text of ['クレジットノート', '対象の請求書', '2026-0042', '€403.28']) expect(japanese).toContain(text)
  })
})
