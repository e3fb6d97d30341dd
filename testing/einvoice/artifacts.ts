import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))

/**
 * The official validation artifacts live outside the repository, in `shared/einvoice/` beside it
 * (their README says where each comes from); EINVOICE_ARTIFACTS points elsewhere.
 */
export const artifactsDir = resolve(process.env.EINVOICE_ARTIFACTS ?? join(root, '..', 'shared', 'einvoice'))

/** Where compiled stylesheets are kept between runs: untracked, and wiped by a fresh `npm ci`. */
export const cacheDir = join(root, 'node_modules', '.cache', 'billfold', 'einvoice')

export const schxsltDir = fileURLToPath(new URL('./schxslt/', import.meta.url))

/** A file of the artifacts, or a clear error when they are not where the tests look for them. */
export function artifact(...path: string[]): string {
  const file = join(artifactsDir, ...path)
  if (!existsSync(file))
    throw new Error(`e-invoice validation artifact missing: ${file} (set EINVOICE_ARTIFACTS to the einvoice folder)`)
  return file
}

export const en16931 = {
  ciiXslt: () => artifact('en16931', 'cii', 'xslt', 'EN16931-CII-validation.xslt'),
  ublXslt: () => artifact('en16931', 'ubl', 'xslt', 'EN16931-UBL-validation.xslt'),
  ciiSchemaDir: () =>
    artifact('en16931', 'cii', 'schema', 'D16B SCRDM (Subset)', 'uncoupled clm', 'CII', 'uncefact', 'data', 'standard'),
  ciiExamples: () => artifact('en16931', 'cii', 'examples'),
  ublExamples: () => artifact('en16931', 'ubl', 'examples'),
}

export const xrechnung = {
  ciiSchematron: () => artifact('xrechnung', 'src', 'validation', 'schematron', 'cii', 'XRechnung-CII-validation.sch'),
  ublSchematron: () => artifact('xrechnung', 'src', 'validation', 'schematron', 'ubl', 'XRechnung-UBL-validation.sch'),
  commonSchematron: () => artifact('xrechnung', 'src', 'validation', 'schematron', 'common.sch'),
}
