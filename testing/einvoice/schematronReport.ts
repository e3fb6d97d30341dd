import { readFileSync } from 'node:fs'
import SaxonJS from 'saxon-js'

/** One rule an e-invoice breaks, as the validator's SVRL report names it. */
export type Finding = {
  /** The rule, e.g. `BR-05` or `BR-DE-15`. */
  id: string
  /** `fatal` is an error; `warning` and `information` are not. */
  flag: string
  text: string
  /** An XPath to the element the rule fired on. */
  location: string
}

const loaded = new Map<string, unknown>()

/** Runs a compiled Schematron stylesheet (a SEF file) on an XML string and reads its failed asserts and reports. */
export function schematronFindings(sef: string, xml: string): Finding[] {
  let stylesheet = loaded.get(sef)
  if (!stylesheet) loaded.set(sef, (stylesheet = JSON.parse(readFileSync(sef, 'utf8'))))
  const report = SaxonJS.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: 'document' }, 'sync')
  const findings = SaxonJS.XPath.evaluate(
    `array { (//svrl:failed-assert | //svrl:successful-report) ! map {
       'id': string(@id), 'flag': string(@flag), 'text': normalize-space(svrl:text), 'location': string(@location) } }`,
    report.principalResult,
    { namespaceContext: { svrl: 'http://purl.oclc.org/dsdl/svrl' } },
  )
  return findings as Finding[]
}
