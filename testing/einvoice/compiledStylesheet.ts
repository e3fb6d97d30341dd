import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { cacheDir, schxsltDir } from './artifacts.ts'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
const xslt3 = require.resolve('xslt3/xslt3.js')
const saxonVersion = (require('xslt3/package.json') as { version: string }).version
/** A lock older than this was left by a killed run: compiling the largest stylesheet takes under a minute. */
const staleLockMs = 5 * 60_000

/**
 * An XSLT 2.0 stylesheet compiled by SaxonJS to a SEF file, once: compiling the EN 16931 rules takes
 * seconds, running them a second. The file is named by the hash of everything it was made from, and
 * a lock folder keeps parallel test files from compiling the same one at the same time.
 */
export async function compiledXslt(name: string, xslt: string): Promise<string> {
  return cached(name, [xslt], async (sef) => {
    await run(process.execPath, [xslt3, `-xsl:${xslt}`, `-export:${sef}`, '-nogo'])
  })
}

/** A Schematron schema compiled to XSLT by SchXslt, then to SEF; `sources` are every file it includes. */
export async function compiledSchematron(name: string, schematron: string, sources: string[]): Promise<string> {
  return cached(name, [schematron, ...sources, ...filesUnder(schxsltDir)], async (sef) => {
    const xsl = `${sef}.xsl`
    await run(process.execPath, [
      xslt3,
      `-xsl:${join(schxsltDir, 'pipeline-for-svrl.xsl')}`,
      `-s:${schematron}`,
      `-o:${xsl}`,
    ])
    await run(process.execPath, [xslt3, `-xsl:${xsl}`, `-export:${sef}`, '-nogo'])
    rmSync(xsl, { force: true })
  })
}

async function cached(name: string, inputs: string[], compile: (sef: string) => Promise<void>): Promise<string> {
  const hash = createHash('sha256').update(saxonVersion)
  for (const file of inputs) hash.update(file).update(readFileSync(file))
  const sef = join(cacheDir, `${name}-${hash.digest('hex').slice(0, 16)}.sef.json`)
  if (existsSync(sef)) return sef
  mkdirSync(cacheDir, { recursive: true })
  const lock = `${sef}.lock`
  while (!takeLock(lock)) {
    await new Promise((wake) => setTimeout(wake, 250))
    if (existsSync(sef)) return sef
  }
  try {
    if (existsSync(sef)) return sef
    const partial = `${sef}.${process.pid}.partial`
    await compile(partial)
    renameSync(partial, sef)
    return sef
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock)
    return true
  } catch {
    if (Date.now() - statMtime(lock) > staleLockMs) rmSync(lock, { recursive: true, force: true })
    return false
  }
}

function statMtime(path: string): number {
  try {
    return statSync(path).mtimeMs
  } catch {
    return Date.now()
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}
