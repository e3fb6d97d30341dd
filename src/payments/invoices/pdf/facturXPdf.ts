import { createHash } from 'node:crypto'
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib'
import { pdfaMetadata } from './pdfaMetadata.ts'
import { srgbProfile } from './srgbProfile.ts'

/** The Factur-X profiles Billfold's XML can claim; the file name is fixed by the Factur-X specification. */
export type FacturXOptions = {
  conformanceLevel?: 'EN 16931' | 'XRECHNUNG'
  /** When the PDF was last changed; now by default. */
  modified?: Date
}

export const FACTUR_X_FILE_NAME = 'factur-x.xml'
const PRODUCER = 'Billfold'
/** The output intent's condition, as the ICC registry names the colour space of the profile. */
const SRGB = 'sRGB IEC61966-2.1'

/**
 * A Factur-X (ZUGFeRD) e-invoice: the invoice's PDF turned PDF/A-3b, with the CII XML embedded as
 * `factur-x.xml` (its relationship `Alternative`: the XML and the pages are the same invoice, as
 * Factur-X asks of the EN 16931 profile), the XMP metadata that says so, and an sRGB output intent.
 */
export async function facturXPdf(
  pdf: Uint8Array | PDFDocument,
  xml: string,
  options: FacturXOptions = {},
): Promise<Uint8Array> {
  const doc = pdf instanceof PDFDocument ? pdf : await PDFDocument.load(pdf, { updateMetadata: false })
  makeFacturX(doc, xml, options)
  return doc.save()
}

/**
 * Makes a document being drawn a Factur-X PDF/A-3b in place, before it is saved. Its only embedded
 * file is the XML: PDF/A-3 would ask the same of any other, and the invoice's PDF has none.
 */
export function makeFacturX(doc: PDFDocument, xml: string, options: FacturXOptions = {}) {
  const catalog = doc.catalog
  const context = doc.context
  const modified = toSecond(options.modified ?? new Date())
  const created = toSecond(doc.getCreationDate() ?? modified)
  const xmlBytes = new TextEncoder().encode(xml)

  // The Info dictionary and the XMP packet say the same things, as PDF/A requires.
  const title = doc.getTitle() ?? FACTUR_X_FILE_NAME
  doc.setTitle(title)
  doc.setProducer(PRODUCER)
  doc.setCreator(PRODUCER)
  doc.setCreationDate(created)
  doc.setModificationDate(modified)
  const id = createHash('sha256').update(xmlBytes).update(created.toISOString()).digest('hex').slice(0, 32)
  const metadata = pdfaMetadata({
    title,
    author: doc.getAuthor(),
    subject: doc.getSubject(),
    keywords: doc.getKeywords(),
    producer: PRODUCER,
    creatorTool: PRODUCER,
    created,
    modified,
    documentId: `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`,
    conformanceLevel: options.conformanceLevel ?? 'EN 16931',
    documentType: 'INVOICE',
    fileName: FACTUR_X_FILE_NAME,
  })
  // PDF/A wants the metadata stream unfiltered, so that a reader that knows no PDF can still find it.
  const metadataStream = context.stream(new TextEncoder().encode(metadata), { Type: 'Metadata', Subtype: 'XML' })
  catalog.set(PDFName.of('Metadata'), context.register(metadataStream))
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)])

  const profile = context.register(context.flateStream(srgbProfile(), { N: 3 }))
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of(SRGB),
    Info: PDFString.of(SRGB),
    RegistryName: PDFString.of('http://www.color.org'),
    DestOutputProfile: profile,
  })
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]))

  const file = context.register(
    context.flateStream(xmlBytes, {
      Type: 'EmbeddedFile',
      Subtype: 'text/xml',
      Params: { Size: xmlBytes.length, ModDate: PDFString.fromDate(modified) },
    }),
  )
  const fileSpec = context.register(
    context.obj({
      Type: 'Filespec',
      F: PDFString.of(FACTUR_X_FILE_NAME),
      UF: PDFHexString.fromText(FACTUR_X_FILE_NAME),
      EF: { F: file, UF: file },
      Desc: PDFString.of('Factur-X invoice'),
      AFRelationship: 'Alternative',
    }),
  )
  const names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict) ?? context.obj({})
  names.set(PDFName.of('EmbeddedFiles'), context.obj({ Names: [PDFString.of(FACTUR_X_FILE_NAME), fileSpec] }))
  catalog.set(PDFName.of('Names'), names)
  catalog.set(PDFName.of('AF'), context.obj([fileSpec]) as PDFArray)
}

/** PDF dates count whole seconds; the XMP's must be the same instant. */
const toSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000)
