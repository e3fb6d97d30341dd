import { expect, it } from 'vitest'
import {
  ciiSchemaErrors,
  en16931CiiFindings,
  en16931UblFindings,
  fatal as fatalFindings,
} from '../../../../testing/einvoice/validators.ts'
import { ciiXml } from './ciiXml.ts'
import { eInvoiceOf, v2Document } from './eInvoiceFixtures.ts'
import { ublXml } from './ublXml.ts'

const fatal = (findings: Parameters<typeof fatalFindings>[0]) =>
  fatalFindings(findings).map((f) => `${f.id}: ${f.text}`)

// A file of its own: the official CII rules look the whole document up once per line, so a thousand
// lines take the validator about half a minute, which runs beside the other test files.
it('a thousand lines at three rates, tax rounded per line as the payee chose, pass EN 16931 in CII and UBL', async () => {
  const lines = Array.from({ length: 1000 }, (_, i) => ({
    description: `Item ${i + 1}`,
    quantity: `${(i % 7) + 1}.${i % 10}`,
    unitPrice: `${(i * 37) % 500}.${String((i * 13) % 10000).padStart(4, '0')}`,
    taxRate: ['19', '7', '0'][i % 3]!,
  }))
  const invoice = eInvoiceOf(v2Document({ lines, rounding: 'line' }))
  expect(invoice.lines).toHaveLength(1000)
  expect(invoice.taxes.map((t) => `${t.category} ${t.rate}`)).toEqual(['S 1900', 'S 700', 'Z 0'])
  const cii = ciiXml(invoice)
  expect(await ciiSchemaErrors(cii)).toEqual([])
  expect(fatal(await en16931CiiFindings(cii))).toEqual([])
  expect(fatal(await en16931UblFindings(ublXml(invoice)))).toEqual([])
}, 180_000)
