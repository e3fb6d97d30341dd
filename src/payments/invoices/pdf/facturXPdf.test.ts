import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { PNG } from 'pngjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { en16931 } from '../../../../testing/einvoice/artifacts.ts'
import { readPdf, type PdfReading, type PdfValue } from '../../../../testing/einvoice/pdfReader.ts'
import {
  ciiSchemaErrors,
  en16931CiiFindings,
  fatal,
  prepareValidators,
} from '../../../../testing/einvoice/validators.ts'
import { invoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import { checkInvoiceDraft } from '../../../domain/invoice/invoiceDraft.ts'
import { facturXPdf } from './facturXPdf.ts'
import { invoicePdf, type InvoicePdfInput } from './invoicePdf.ts'

// An official EN 16931 example stands in for the invoice's own XML, which another module builds.
const XML = readFileSync(join(en16931.ciiExamples(), 'CII_business_example_01.xml'), 'utf8')
const TX = `0x${'ab'.repeat(32)}`

function invoice(): InvoicePdfInput {
  const seller = { name: 'Anna Design GmbH', address: 'Hauptstraße 1, 10115 Berlin', taxId: 'DE123456789', email: '' }
  const checked = checkInvoiceDraft(
    {
      buyer: { ...seller, name: 'Acme <Trading> & Co' },
      lines: [{ description: 'Beratung', quantity: '3', unitPrice: '120', taxRate: '19' }],
      rounding: 'line',
      issueDate: '2026-11-26',
      dueDate: '2026-12-10',
      notes: '',
      language: 'de',
    },
    { minorDigits: 2 },
  )
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors))
  return {
    document: invoiceDocument(checked.invoice, { number: '2026-0042', currency: 'EUR', minorDigits: 2, seller }),
    documentHash: `0x${'cd'.repeat(32)}`,
    // A logo with an alpha channel: its soft mask is the one transparency PDF/A-3 admits as it is.
    logoPng: Uint8Array.from(PNG.sync.write(new PNG({ width: 150, height: 56 }))),
    payUrl: 'http://localhost:5173/pay/AAAAAAAAAAAAAAAA',
    paid: true,
    payments: [
      {
        chainId: 31337,
        chainName: 'Anvil',
        txHash: TX,
        blockNumber: 1234n,
        blockTime: new Date('2026-11-27T10:00:00Z'),
        amount: 428_400_000n,
        symbol: 'EURC',
        decimals: 6,
        value: 42_840n,
      },
    ],
    paper: 'a4',
  }
}

const xmpValue = (xmp: string, property: string) =>
  new RegExp(`<${property}>(?:<rdf:\\w+><rdf:li[^>]*>)?([^<]*)<`).exec(xmp)?.[1]

/** Every check a Factur-X PDF/A-3b must pass that poppler and qpdf can make, as named failures. */
function facturXProblems(pdf: PdfReading): string[] {
  const problems: string[] = []
  const expectThat = (ok: boolean, problem: string) => ok || problems.push(problem)
  const catalog = pdf.lookup(pdf.trailer['/Root']!) as Record<string, PdfValue>

  expectThat(pdf.qpdfProblems.length === 0, `qpdf --check: ${pdf.qpdfProblems.join('; ')}`)
  expectThat(
    Array.isArray(pdf.trailer['/ID']) && (pdf.trailer['/ID'] as PdfValue[]).length === 2,
    'no document ID in the trailer',
  )

  // The XML, its relationship, and the catalog's list of associated files.
  expectThat(pdf.attachments.join() === 'factur-x.xml', `attachments: ${pdf.attachments.join()}`)
  const af = (catalog['/AF'] ?? []) as PdfValue[]
  const spec = af.length === 1 ? (pdf.lookup(af[0]!) as Record<string, PdfValue>) : {}
  expectThat(spec['/Type'] === '/Filespec', 'the catalog /AF names no file specification')
  expectThat(spec['/AFRelationship'] === '/Alternative', `AFRelationship ${String(spec['/AFRelationship'])}`)
  expectThat(spec['/F'] === 'u:factur-x.xml' && spec['/UF'] === 'u:factur-x.xml', 'the file spec is not factur-x.xml')
  const ef = (spec['/EF'] ?? {}) as Record<string, PdfValue>
  const file = pdf.object(ef['/F'] ?? null).stream?.dict ?? {}
  expectThat(file['/Subtype'] === '/text/xml', `embedded file subtype ${String(file['/Subtype'])}`)
  expectThat(typeof (file['/Params'] as Record<string, PdfValue>)?.['/ModDate'] === 'string', 'no /ModDate')

  // The XMP: PDF/A-3b, Factur-X declared by its extension schema and then used, and the Info agreeing.
  const xmp = pdf.xmp
  const metadata = pdf.object(catalog['/Metadata'] ?? null).stream?.dict ?? {}
  expectThat(metadata['/Filter'] === undefined, 'the metadata stream is compressed')
  for (const [property, value] of [
    ['pdfaid:part', '3'],
    ['pdfaid:conformance', 'B'],
    ['fx:DocumentType', 'INVOICE'],
    ['fx:DocumentFileName', 'factur-x.xml'],
    ['fx:Version', '1.0'],
    ['fx:ConformanceLevel', 'EN 16931'],
    ['pdfaSchema:namespaceURI', 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#'],
    ['pdfaSchema:prefix', 'fx'],
    ['dc:title', pdf.info.Title],
    ['dc:creator', pdf.info.Author],
    ['pdf:Producer', pdf.info.Producer],
    ['xmp:CreatorTool', pdf.info.Creator],
    ['xmp:CreateDate', pdf.info.CreationDate],
    ['xmp:ModifyDate', pdf.info.ModDate],
  ] as const)
    expectThat(xmpValue(xmp, property) === value, `XMP ${property} is ${xmpValue(xmp, property)}, not ${value}`)
  for (const name of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel'])
    expectThat(xmp.includes(`<pdfaProperty:name>${name}</pdfaProperty:name>`), `fx:${name} is not declared`)

  // sRGB as the output intent, its ICC profile of three components.
  const intents = (catalog['/OutputIntents'] ?? []) as PdfValue[]
  const intent = (intents.length === 1 ? pdf.lookup(intents[0]!) : {}) as Record<string, PdfValue>
  expectThat(intent['/S'] === '/GTS_PDFA1', `output intent ${String(intent['/S'])}`)
  const profile = pdf.object(intent['/DestOutputProfile'] ?? null).stream
  expectThat(profile?.dict['/N'] === 3, 'the output profile has not three components')
  const icc = profile ? inflateSync(pdf.rawStream(intent['/DestOutputProfile']!)) : Buffer.alloc(40)
  expectThat(icc.subarray(36, 40).toString('latin1') === 'acsp', 'the output profile is no ICC profile')
  expectThat(icc.subarray(16, 20).toString('latin1') === 'RGB ', 'the output profile is not RGB')

  // Fonts embedded; nothing drawn with transparency but an image's own soft mask.
  for (const font of pdf.fonts) expectThat(font.embedded, `font ${font.name} is not embedded`)
  const pages = pdf.lookup((pdf.lookup(catalog['/Pages']!) as Record<string, PdfValue>)['/Kids']!) as PdfValue[]
  for (const ref of pages) {
    const page = pdf.lookup(ref) as Record<string, PdfValue>
    expectThat(page['/Group'] === undefined, 'a page is a transparency group')
    const resources = pdf.lookup(page['/Resources']!) as Record<string, PdfValue>
    const states = Object.values((pdf.lookup(resources['/ExtGState'] ?? {}) ?? {}) as Record<string, PdfValue>)
    for (const state of states.map((s) => pdf.lookup(s) as Record<string, PdfValue>)) {
      const alpha = [state['/CA'], state['/ca']].filter((a) => a !== undefined && a !== 1)
      expectThat(alpha.length === 0, `a graphics state draws at opacity ${alpha.join()}`)
      expectThat(state['/SMask'] === undefined || state['/SMask'] === '/None', 'a graphics state has a soft mask')
      expectThat(state['/BM'] === undefined || state['/BM'] === '/Normal', 'a graphics state blends')
    }
  }
  return problems
}

beforeAll(() => prepareValidators(), 600_000)

describe('the Factur-X PDF/A-3b of an invoice', () => {
  let drawn: Uint8Array
  let reading: PdfReading
  beforeAll(async () => {
    drawn = await invoicePdf({ ...invoice(), eInvoiceXml: XML })
    reading = readPdf(drawn)
  })

  it('is read by poppler and qpdf as PDF/A-3b carrying factur-x.xml as its Alternative, with sRGB and its fonts', () => {
    expect(facturXProblems(reading)).toEqual([])
    expect(reading.fonts.length).toBeGreaterThan(0)
  })

  it('gives back the XML it was given, which passes the CII schemas and EN 16931 with no fatal rule', async () => {
    const xml = reading.attachment('factur-x.xml').toString('utf8')
    expect(xml).toBe(XML)
    expect(await ciiSchemaErrors(xml)).toEqual([])
    expect(fatal(await en16931CiiFindings(xml))).toEqual([])
  })

  it('still shows the payment on its page: the transaction and its chain, for an auditor to look up', () => {
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: drawn }).toString('utf8')
    expect(text).toContain(TX)
    expect(text).toContain('Anvil')
    expect(text).toContain('BEZAHLT')
  })

  it('is made the same from the bytes of the invoice PDF drawn without XML', async () => {
    const plain = await invoicePdf(invoice())
    const before = readPdf(plain)
    expect(facturXProblems(before)).toEqual(
      expect.arrayContaining(['no document ID in the trailer', 'attachments: ', 'XMP pdfaid:part is undefined, not 3']),
    )

    const converted = readPdf(await facturXPdf(plain, XML, { conformanceLevel: 'XRECHNUNG' }))
    const problems = facturXProblems(converted)
    expect(problems).toEqual(['XMP fx:ConformanceLevel is XRECHNUNG, not EN 16931'])
    expect(converted.attachment('factur-x.xml').toString('utf8')).toBe(XML)
    expect(converted.info.Title).toBe(before.info.Title)
    expect(converted.info.CreationDate).toBe(before.info.CreationDate)
  })
})
