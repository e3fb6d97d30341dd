import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import SaxonJS from 'saxon-js'
import { validateXML } from 'xmllint-wasm'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The official artifacts in `shared/einvoice/`, beside the repository or beside one of its parents. */
function artifacts(): string {
  for (let dir = root; ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'einvoice')
    if (existsSync(join(candidate, 'en16931'))) return candidate
    if (dirname(dir) === dir)
      throw new Error('shared/einvoice/ (the EN 16931 validation artifacts) is not beside the repository.')
  }
}

/** A rule an e-invoice breaks, as the Schematron's SVRL names it. */
export type FailedRule = { id: string; flag: string; text: string }

const cacheDir = join(root, 'node_modules', '.cache', 'billfold', 'einvoice')

/**
 * The stylesheet compiled to SEF, once per machine (about 18 s): later runs and other test files read
 * the cached file, named by the stylesheet's hash so a new artifact version compiles again.
 */
async function compiled(xslt: string): Promise<string> {
  const hash = createHash('sha256').update(readFileSync(xslt)).digest('hex').slice(0, 16)
  const sef = join(cacheDir, `${hash}.sef.json`)
  if (existsSync(sef)) return sef
  mkdirSync(cacheDir, { recursive: true })
  const partial = `${sef}.${process.pid}.tmp`
  await promisify(execFile)(
    process.execPath,
    [join(root, 'node_modules', 'xslt3', 'xslt3.js'), `-xsl:${xslt}`, `-export:${partial}`, '-nogo'],
    { maxBuffer: 1 << 24 },
  )
  renameSync(partial, sef)
  return sef
}

const stylesheets = new Map<string, Promise<unknown>>()

function stylesheet(xslt: string) {
  let loaded = stylesheets.get(xslt)
  if (!loaded) {
    loaded = compiled(xslt).then((sef) => JSON.parse(readFileSync(sef, 'utf8')) as unknown)
    stylesheets.set(xslt, loaded)
  }
  return loaded
}

/** The rules an e-invoice breaks under one Schematron stylesheet, from its SVRL report. */
async function failedRules(xslt: string, xml: string): Promise<FailedRule[]> {
  const result = (await SaxonJS.transform(
    { stylesheetInternal: await stylesheet(xslt), sourceText: xml, destination: 'serialized' },
    'async',
  )) as { principalResult: string }
  const failed: FailedRule[] = []
  for (const match of result.principalResult.matchAll(
    /<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g,
  )) {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(match[1]!)?.[1] ?? ''
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2]!)?.[1]?.trim() ?? ''
    failed.push({ id: attribute('id'), flag: attribute('flag'), text })
  }
  return failed
}

const EN16931 = {
  cii: 'en16931/cii/xslt/EN16931-CII-validation.xslt',
  ubl: 'en16931/ubl/xslt/EN16931-UBL-validation.xslt',
}

/** The EN 16931 rules a CII or UBL e-invoice breaks (`fatal` ones are errors, `warning` ones advice). */
export const en16931Rules = (syntax: 'cii' | 'ubl', xml: string) => failedRules(join(artifacts(), EN16931[syntax]), xml)

let ciiSchema: Promise<{ fileName: string; contents: string }[]> | undefined

function ciiSchemaFiles() {
  ciiSchema ??= (async () => {
    const dir = join(artifacts(), 'en16931', 'cii', 'schema')
    const files: { fileName: string; contents: string }[] = []
    const walk = (at: string) => {
      for (const name of readdirSync(at)) {
        const path = join(at, name)
        if (statSync(path).isDirectory()) walk(path)
        else if (name.endsWith('.xsd'))
          files.push({ fileName: relative(dir, path), contents: readFileSync(path, 'utf8') })
      }
    }
    walk(dir)
    return files
  })()
  return ciiSchema
}

/** The CII D16B schema's errors for a document (none when it is valid). */
export async function ciiSchemaErrors(xml: string): Promise<string[]> {
  const files = await ciiSchemaFiles()
  const main = files.find((f) => f.fileName.endsWith('/data/standard/CrossIndustryInvoice_100pD16B.xsd'))!
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: main,
    preload: files.filter((f) => f !== main),
    maxMemoryPages: 16384,
  })
  return result.errors.map((e) => e.rawMessage)
}
