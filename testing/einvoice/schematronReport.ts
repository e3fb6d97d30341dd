import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/** The part of SaxonJS's API used here; the package ships no types, so it is read through this one. */
type SaxonJSApi = {
  transform(
    options: { stylesheetInternal: unknown; sourceText: string; destination: 'document' },
    mode: 'sync',
  ): { principalResult: unknown }
  XPath: { evaluate(xpath: string, context: unknown, options?: { namespaceContext?: Record<string, string> }): unknown }
}
const SaxonJS = createRequire(import.meta.url)('saxon-js') as SaxonJSApi

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
