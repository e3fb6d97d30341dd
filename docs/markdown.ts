import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

export const root = new URL('..', import.meta.url).pathname

/** A page of the docs: its path from the root and its text. */
export type Page = { path: string; text: string }

/** The README and every page under docs/, the screenshots' page included. */
export function readPages(): Page[] {
  const paths = ['README.md', ...markdownUnder(join(root, 'docs'))]
  return paths.map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }))
}

function markdownUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return markdownUnder(path)
    return entry.name.endsWith('.md') ? [relative(root, path)] : []
  })
}

/** The fenced code blocks of a page, with the language named after the fence. */
export function codeBlocks(text: string): { language: string; code: string }[] {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ language: m[1]!, code: m[2]! }))
}

/** The page's prose: fenced code blocks and inline code removed, so links inside them are not taken. */
export function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '')
}

/** Markdown links and images whose target is in the repository (not a web address). */
export function relativeLinks(text: string): string[] {
  return [...prose(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target))
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchors(text: string): Set<string> {
  const headings = [...text.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!)
  return new Set(
    headings.map((heading) =>
      heading
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[`*_]/g, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replaceAll(' ', '-'),
    ),
  )
}

// Folders of the repository a page may name a path in; a path is taken only where it starts a word.
const namedPath =
  /(?<![\w./:@-])((?:src|testing|e2e|bench|eslint|scripts|examples|devwallet|contracts|patches|docs|\.ci)\/[\w.*/@+-]*)/g

/** Paths of the repository a page names, in prose or code: `src/watcher/`, `testing/faultyRpc.ts`, `src/**\/*.test.ts`. */
export function namedPaths(text: string): string[] {
  return [...text.matchAll(namedPath)].map((m) => m[1]!.replace(/[.:]+$/, ''))
}

/** The rows of the first table whose header is `header` (cells trimmed, without the outer pipes). */
export function tableRows(text: string, header: readonly string[]): string[][] {
  const lines = text.split('\n')
  const start = lines.findIndex((line) => cells(line).join('|') === header.join('|'))
  if (start < 0) throw new Error(`No table with the header | ${header.join(' | ')} |`)
  const rows: string[][] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    rows.push(cells(line))
  }
  return rows
}

const cells = (line: string) =>
  line.startsWith('|')
    ? line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim())
    : []

/** The names in inline code spans of a text: `a`, `b` → a, b. */
export const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)

/** The REST calls of a shell example: `curl` commands to `/api/v1`, with their method, path and JSON body. */
export function restCalls(code: string): { method: string; path: string; body: string | undefined }[] {
  const commands = code
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .split(/\bcurl\b/)
    .slice(1)
  return commands.flatMap((command) => {
    const path = /\/api\/v1(\/[^\s'"?]*)/.exec(command)?.[1]
    if (!path) return []
    const body = /-d '([^']*)'/.exec(command)?.[1]
    const method = /-X (\w+)/.exec(command)?.[1] ?? (body === undefined ? 'GET' : 'POST')
    return [{ method: method.toLowerCase(), path, body }]
  })
}
