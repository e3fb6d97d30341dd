import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A PDF object as qpdf's JSON writes it: names `/Name`, strings `u:text`, references `12 0 R`. */
export type PdfValue = string | number | boolean | null | PdfValue[] | { [key: string]: PdfValue }
export type PdfObject = { value?: PdfValue; stream?: { dict: Record<string, PdfValue>; data?: string } }

/** A PDF as two readers other than the one that wrote it see it: poppler's tools and qpdf. */
export type PdfReading = {
  /** `pdfinfo`'s fields: Title, Producer, CreationDate… */
  info: Record<string, string>
  /** The XMP packet, as `pdfinfo -meta` prints it. */
  xmp: string
  /** `pdfdetach -list`'s names of the embedded files. */
  attachments: string[]
  /** Each embedded file's bytes, by name, as `pdfdetach` saves it. */
  attachment(name: string): Buffer
  /** `pdffonts`' rows. */
  fonts: { name: string; type: string; embedded: boolean }[]
  /** What `qpdf --check` finds wrong; empty for a well-formed file. */
  qpdfProblems: string[]
  trailer: Record<string, PdfValue>
  /** An object by reference (`12 0 R`), or the value itself when it is not a reference. */
  object(ref: PdfValue): PdfObject
  /** The value of a dictionary or a followed reference. */
  lookup(ref: PdfValue): PdfValue
  /** A stream's bytes as stored (filters not applied). */
  rawStream(ref: PdfValue): Buffer
}

const run = (program: string, args: string[]) => execFileSync(program, args, { encoding: 'utf8' })

export function readPdf(pdf: Uint8Array): PdfReading {
  const dir = mkdtempSync(join(tmpdir(), 'billfold-pdf-'))
  const file = join(dir, 'document.pdf')
  writeFileSync(file, pdf)
  try {
    const info = Object.fromEntries(
      run('pdfinfo', ['-isodates', file])
        .split('\n')
        .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
        .filter((m) => m !== null)
        .map((m) => [m[1]!, m[2]!]),
    )
    const attachments = run('pdfdetach', ['-list', file])
      .split('\n')
      .slice(1)
      .map((line) => /^\d+: (.*)$/.exec(line)?.[1])
      .filter((name) => name !== undefined)
    const saved = new Map(
      attachments.map((name, i) => {
        const out = join(dir, `attachment-${i}`)
        run('pdfdetach', ['-save', String(i + 1), '-o', out, file])
        return [name, readFileSync(out)]
      }),
    )
    const fonts = run('pdffonts', [file])
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => {
        // name, type (may hold spaces), encoding, then emb sub uni yes/no and the object id.
        const m = /^(\S+)\s+(.+?)\s{2,}\S+\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$/.exec(line)
        if (!m) throw new Error(`pdffonts wrote a line this reader does not know: ${line}`)
        return { name: m[1]!, type: m[2]!, embedded: m[3] === 'yes' }
      })
    let qpdfProblems: string[] = []
    try {
      execFileSync('qpdf', ['--check', file], { stdio: 'pipe' })
    } catch (error) {
      const { stdout, stderr } = error as { stdout: Buffer; stderr: Buffer }
      qpdfProblems = `${stdout}${stderr}`.split('\n').filter((line) => /WARNING|error/i.test(line))
    }
    const json = JSON.parse(run('qpdf', ['--json', '--json-stream-data=inline', '--decode-level=none', file])) as {
      qpdf: [unknown, Record<string, PdfObject>]
    }
    const objects = json.qpdf[1]
    const object = (ref: PdfValue): PdfObject =>
      typeof ref === 'string' && / R$/.test(ref) ? objects[`obj:${ref}`]! : { value: ref }
    return {
      info,
      xmp: run('pdfinfo', ['-meta', file]),
      attachments,
      attachment: (name) => saved.get(name) ?? Buffer.alloc(0),
      fonts,
      qpdfProblems,
      trailer: objects.trailer!.value as Record<string, PdfValue>,
      object,
      lookup: (ref) => {
        const found = object(ref)
        return found.value ?? (found.stream?.dict as PdfValue)
      },
      rawStream: (ref) => Buffer.from(object(ref).stream?.data ?? '', 'base64'),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
