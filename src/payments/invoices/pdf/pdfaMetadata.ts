/** What a Factur-X PDF says of itself, in its XMP metadata and (the same values) its Info dictionary. */
export type PdfaMetadata = {
  title: string
  author?: string
  subject?: string
  keywords?: string
  producer: string
  creatorTool: string
  created: Date
  modified: Date
  documentId: string
  /** The Factur-X profile of the embedded XML: `EN 16931` for Billfold's invoices. */
  conformanceLevel: string
  /** `INVOICE` for invoices and credit notes alike. */
  documentType: string
  fileName: string
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
/** An element for a value the Info dictionary has, none for one it lacks (the two must agree). */
const optional = (value: string | undefined, element: (escaped: string) => string) =>
  value === undefined ? '' : `${element(escape(value))}\n`
/** XMP dates to the second, as the Info dictionary's `D:` dates are, so a validator finds them equal. */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')

/** The Factur-X extension schema: PDF/A admits only properties declared in the file itself. */
const facturXProperties = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
] as const

/**
 * The XMP packet of a PDF/A-3b Factur-X document: PDF/A identification (part 3, conformance B), the
 * document's title, author, dates and ids mirroring its Info dictionary, and the Factur-X schema
 * (declared, then used) naming the embedded XML and its profile.
 */
export function pdfaMetadata(meta: PdfaMetadata): string {
  const properties = facturXProperties
    .map(
      ([name, description]) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`,
    )
    .join('')
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escape(meta.title)}</rdf:li></rdf:Alt></dc:title>
${optional(meta.author, (author) => `      <dc:creator><rdf:Seq><rdf:li>${author}</rdf:li></rdf:Seq></dc:creator>`)}${optional(meta.subject, (subject) => `      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${subject}</rdf:li></rdf:Alt></dc:description>`)}    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${escape(meta.producer)}</pdf:Producer>
${optional(meta.keywords, (keywords) => `      <pdf:Keywords>${keywords}</pdf:Keywords>`)}    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${escape(meta.creatorTool)}</xmp:CreatorTool>
      <xmp:CreateDate>${xmpDate(meta.created)}</xmp:CreateDate>
      <xmp:ModifyDate>${xmpDate(meta.modified)}</xmp:ModifyDate>
      <xmp:MetadataDate>${xmpDate(meta.modified)}</xmp:MetadataDate>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
      <xmpMM:DocumentID>uuid:${meta.documentId}</xmpMM:DocumentID>
      <xmpMM:InstanceID>uuid:${meta.documentId}</xmpMM:InstanceID>
    </rdf:Description>
    <rdf:Description rdf:about=""
        xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
        xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
        xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>${properties}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
      <fx:DocumentType>${escape(meta.documentType)}</fx:DocumentType>
      <fx:DocumentFileName>${escape(meta.fileName)}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${escape(meta.conformanceLevel)}</fx:ConformanceLevel>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`
}
