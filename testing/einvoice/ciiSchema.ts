import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { validateXML } from 'xmllint-wasm'
import { en16931 } from './artifacts.ts'

const rootSchema = 'CrossIndustryInvoice_100pD16B.xsd'

/** libxml2's complaints about an XML string against the CII D16B schemas; empty when it is valid. */
export async function ciiSchemaErrors(xml: string): Promise<string[]> {
  const dir = en16931.ciiSchemaDir()
  const schemas = readdirSync(dir)
    .filter((name) => name.endsWith('.xsd'))
    .map((fileName) => ({ fileName, contents: readFileSync(join(dir, fileName), 'utf8') }))
  const result = await validateXML({
    xml: { fileName: 'invoice.xml', contents: xml },
    schema: schemas.filter((file) => file.fileName === rootSchema),
    preload: schemas.filter((file) => file.fileName !== rootSchema),
    // A thousand-line invoice is a few megabytes; libxml2's default 32 MiB is too tight for it and the schemas.
    maxMemoryPages: 256 * 16,
  })
  return result.errors.map((error) => error.message)
}
