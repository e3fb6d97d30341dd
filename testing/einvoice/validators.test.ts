import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { en16931 } from './artifacts.ts'
import {
  ciiSchemaErrors,
  en16931CiiFindings,
  en16931UblFindings,
  fatal,
  prepareValidators,
  xrechnungCiiFindings,
  xrechnungUblFindings,
} from './validators.ts'

const ciiExamples = readdirSync(en16931.ciiExamples()).filter((name) => /\.xml$/i.test(name))
const ublExamples = readdirSync(en16931.ublExamples()).filter((name) => /\.xml$/i.test(name))
const ciiExample = (name: string) => readFileSync(join(en16931.ciiExamples(), name), 'utf8')
const ublExample = (name: string) => readFileSync(join(en16931.ublExamples(), name), 'utf8')
const ids = (findings: { id: string }[]) => findings.map((finding) => finding.id)

// Compiling the four rule sets takes minutes on a cold cache and a busy machine; later runs read them from disk.
beforeAll(() => prepareValidators(), 600_000)

describe('the official EN 16931 examples', () => {
  it.each(ciiExamples)('CII %s is schema-valid and breaks no fatal rule', async (name) => {
    const xml = ciiExample(name)
    expect(await ciiSchemaErrors(xml)).toEqual([])
    expect(fatal(await en16931CiiFindings(xml))).toEqual([])
  })

  it.each(ublExamples)('UBL %s breaks no fatal rule', async (name) => {
    expect(fatal(await en16931UblFindings(ublExample(name)))).toEqual([])
  })
})

describe('a broken invoice', () => {
  it('without its currency code is named BR-05, fatal, at the invoice', async () => {
    const xml = ciiExample('CII_business_example_01.xml').replace(
      /<ram:InvoiceCurrencyCode>[^<]*<\/ram:InvoiceCurrencyCode>/,
      '',
    )
    const findings = fatal(await en16931CiiFindings(xml))
    expect(findings).toEqual([
      {
        id: 'BR-05',
        flag: 'fatal',
        text: expect.stringContaining('Invoice currency code (BT-5)'),
        location: expect.stringContaining('CrossIndustryInvoice'),
      },
    ])
  })

  it('with an element the CII schema does not know is refused by the schema, naming it', async () => {
    const xml = ciiExample('CII_business_example_01.xml').replace(
      /<ram:InvoiceCurrencyCode>([^<]*)<\/ram:InvoiceCurrencyCode>/,
      '<ram:InvoiceCurrency>$1</ram:InvoiceCurrency>',
    )
    const errors = await ciiSchemaErrors(xml)
    expect(errors.join('\n')).toContain('InvoiceCurrency')
  })
})

describe('XRechnung', () => {
  it('passes its own CII example and names BR-DE-15 when the buyer reference is gone', async () => {
    const xml = ciiExample('XRechnung-O.xml')
    expect(fatal(await xrechnungCiiFindings(xml))).toEqual([])
    expect(fatal(await en16931CiiFindings(xml))).toEqual([])

    const withoutReference = xml.replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, '')
    expect(ids(fatal(await xrechnungCiiFindings(withoutReference)))).toEqual(['BR-DE-15'])
  })

  it('asks a UBL invoice without a buyer reference for one (BR-DE-15), which EN 16931 alone does not', async () => {
    const xml = ublExample('ubl-tc434-example2.xml')
    expect(xml).not.toContain('BuyerReference')
    expect(fatal(await en16931UblFindings(xml))).toEqual([])
    expect(ids(fatal(await xrechnungUblFindings(xml)))).toContain('BR-DE-15')
  })
})
