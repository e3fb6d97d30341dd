import { compiledSchematron, compiledXslt } from './compiledStylesheet.ts'
import { en16931, xrechnung } from './artifacts.ts'
import { type Finding, schematronFindings } from './schematronReport.ts'

export type { Finding } from './schematronReport.ts'
export { ciiSchemaErrors } from './ciiSchema.ts'

/** The EN 16931 rules for a CII invoice (the XML inside Factur-X / ZUGFeRD). */
export async function en16931CiiFindings(xml: string): Promise<Finding[]> {
  return schematronFindings(await compiledXslt('en16931-cii', en16931.ciiXslt()), xml)
}

/** The EN 16931 rules for a UBL invoice or credit note. */
export async function en16931UblFindings(xml: string): Promise<Finding[]> {
  return schematronFindings(await compiledXslt('en16931-ubl', en16931.ublXslt()), xml)
}

/** The German CIUS XRechnung's rules for a CII invoice; they come on top of EN 16931's. */
export async function xrechnungCiiFindings(xml: string): Promise<Finding[]> {
  const sef = await compiledSchematron('xrechnung-cii', xrechnung.ciiSchematron(), [xrechnung.commonSchematron()])
  return schematronFindings(sef, xml)
}

/** The German CIUS XRechnung's rules for a UBL invoice or credit note. */
export async function xrechnungUblFindings(xml: string): Promise<Finding[]> {
  const sef = await compiledSchematron('xrechnung-ubl', xrechnung.ublSchematron(), [xrechnung.commonSchematron()])
  return schematronFindings(sef, xml)
}

/** The findings that make an e-invoice invalid. */
export const fatal = (findings: Finding[]) => findings.filter((finding) => finding.flag === 'fatal')

/** Compiles every validator ahead of the tests that use them, so no single test pays for it. */
export async function prepareValidators(): Promise<void> {
  await Promise.all([
    compiledXslt('en16931-cii', en16931.ciiXslt()),
    compiledXslt('en16931-ubl', en16931.ublXslt()),
    compiledSchematron('xrechnung-cii', xrechnung.ciiSchematron(), [xrechnung.commonSchematron()]),
    compiledSchematron('xrechnung-ubl', xrechnung.ublSchematron(), [xrechnung.commonSchematron()]),
  ])
}
