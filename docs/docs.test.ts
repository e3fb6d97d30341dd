import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { buildSchema, parse, validate } from 'graphql'
import { describe, expect, it } from 'vitest'
import { floors } from '../eslint/floors.js'
import { openApiDocument } from '../src/api/rest/openApiDocument.ts'
import { readConfig } from '../src/server/config.ts'
import {
  codeBlocks,
  codeSpans,
  headingAnchors,
  namedPaths,
  readPages,
  relativeLinks,
  restCalls,
  root,
  tableRows,
} from './markdown.ts'

// The docs say what the code does; these checks fail when the two drift apart.
const pages = readPages()
const page = (path: string) => pages.find((p) => p.path === path)!
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
// Built or written at run time, so absent from a fresh clone: `devwallet/dist`, `e2e/screenshots`.
const generated = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => line && !line.includes('*'))

/** Whether a path of the repository exists; a pattern (`src/**\/*.test.ts`) needs the folder before its first `*`. */
function exists(path: string) {
  const plain = path.split('/').filter((segment, i, all) => !all.slice(0, i + 1).some((s) => s.includes('*')))
  if (plain.length < path.split('/').filter(Boolean).length) {
    const folder = join(root, ...plain)
    return existsSync(folder) && readdirSync(folder).length > 0
  }
  return existsSync(join(root, path))
}

describe('the docs', () => {
  it.each(pages.map((p) => [p.path, p] as const))('%s: every relative link leads to a file and heading', (_, p) => {
    const broken = relativeLinks(p.text).filter((link) => {
      const [path, anchor] = link.split('#') as [string, string | undefined]
      const target = path ? normalize(join(dirname(p.path), decodeURI(path))) : p.path
      if (!existsSync(join(root, target))) return true
      if (!anchor) return false
      return !headingAnchors(readFileSync(join(root, target), 'utf8')).has(anchor)
    })
    expect(broken).toEqual([])
  })

  it.each(pages.map((p) => [p.path, p] as const))('%s: every file and folder it names exists', (_, p) => {
    const missing = namedPaths(p.text).filter(
      (path) => !generated.some((ignored) => path.startsWith(ignored)) && !exists(path),
    )
    expect(missing).toEqual([])
  })

  it("gives the quick start's two commands, the second the one CI runs", () => {
    const commands = codeBlocks(page('README.md').text)
      .filter((block) => block.language === 'sh')
      .map((block) => block.code.trim())
    expect(commands.slice(0, 2)).toEqual([
      'npm ci && npm start',
      'bash scripts/install-system-deps.sh && npm ci && npm test && npm run test:node24',
    ])
    const ci = readFileSync(join(root, '.ci/run'), 'utf8').trim().split('\n').at(-1)
    expect(ci).toBe(commands[1])
  })

  it('names only npm scripts and benchmark sections that exist', () => {
    const text = pages.map((p) => p.text).join('\n')
    const scripts = [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!)
    expect(scripts.length).toBeGreaterThan(5)
    expect(scripts.filter((name) => !(name in packageJson.scripts))).toEqual([])
    const runner = readFileSync(join(root, 'bench/run.ts'), 'utf8')
    const block = /const sections[^{]*\{([\s\S]*?)\n\}/.exec(runner)![1]!
    const sections = [...block.matchAll(/^\s+'?([\w-]+)'?:/gm)].map((m) => m[1]!)
    const named = [...text.matchAll(/npm run bench -- ([\w -]+)/g)].flatMap((m) => m[1]!.trim().split(/\s+/))
    expect(named.filter((name) => !sections.includes(name))).toEqual([])
    // Each section has its heading in the benchmarks page, and every section a heading names exists.
    const headed = [...page('docs/benchmarks.md').text.matchAll(/^## .*$/gm)].flatMap((m) => codeSpans(m[0]))
    expect(headed.toSorted()).toEqual(sections.toSorted())
  })

  it('documents every environment variable the server reads, and no other', () => {
    const documented = tableRows(page('docs/configuration.md').text, ['variable', 'meaning', 'default']).map(
      ([variable]) => codeSpans(variable!)[0]!,
    )
    expect(new Set(documented).size).toBe(documented.length)
    expect(documented.toSorted()).toEqual([...variablesTheServerReads()].toSorted())
  })

  it('has GraphQL examples that are valid against schema.graphql', () => {
    const schema = buildSchema(readFileSync(join(root, 'schema.graphql'), 'utf8'))
    const examples = pages.flatMap((p) =>
      codeBlocks(p.text)
        .filter((block) => block.language === 'graphql')
        .map((block) => ({ page: p.path, code: block.code })),
    )
    expect(examples.length).toBeGreaterThan(2)
    const errors = examples.flatMap(({ page, code }) =>
      validate(schema, parse(code)).map((error) => `${page}: ${error.message}`),
    )
    expect(errors).toEqual([])
  })

  it('has REST examples that the OpenAPI document describes, bodies included', () => {
    const document = openApiDocument('http://127.0.0.1:3000')
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    ajv.addSchema({ ...document, $id: 'openapi' })
    const calls = pages.flatMap((p) =>
      codeBlocks(p.text)
        .filter((block) => block.language === 'sh')
        .flatMap((block) => restCalls(block.code)),
    )
    expect(calls.length).toBeGreaterThan(5)
    const problems = calls.flatMap(({ method, path, body }) => {
      const template = Object.keys(document.paths).find((t) =>
        new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
      )
      const operation = template && (document.paths as Record<string, Record<string, unknown>>)[template]![method]
      if (!operation) return [`${method.toUpperCase()} ${path}: no such operation`]
      if (body === undefined) return []
      const pointer = `openapi#/paths/${template.replaceAll('/', '~1')}/${method}/requestBody/content/application~1json/schema`
      const check = ajv.compile({ $ref: pointer })
      return check(JSON.parse(body)) ? [] : [`${method.toUpperCase()} ${path}: ${ajv.errorsText(check.errors)}`]
    })
    expect(problems).toEqual([])
  })

  it('shows the layer map lint enforces', () => {
    const rows = tableRows(page('docs/architecture.md').text, ['floor', 'folder', 'may import', 'for types only'])
    const list = (cell: string) => (cell === '—' ? [] : cell.split(', ').toSorted())
    const shown = Object.fromEntries(
      rows.map(([floor, folder, may, types]) => [
        floor,
        { folder: codeSpans(folder!)[0], may: list(may!), typesOnly: list(types!) },
      ]),
    )
    const enforced = Object.fromEntries(
      Object.entries(floors).map(([floor, rule]) => [
        floor,
        {
          folder: rule.folder,
          may: [...rule.may].toSorted(),
          typesOnly: [...('typesOnly' in rule ? rule.typesOnly : [])].toSorted(),
        },
      ]),
    )
    expect(shown).toEqual(enforced)
  })

  it('justifies every package in one line, and names no package that is gone', () => {
    const packages = Object.keys({ ...packageJson.dependencies, ...packageJson.devDependencies })
    const named = tableRows(page('README.md').text, ['package', 'why']).flatMap(([names]) => codeSpans(names!))
    const covers = (name: string, pkg: string) =>
      name.endsWith('*') ? pkg.startsWith(name.slice(0, -1)) : name === pkg
    expect(packages.filter((pkg) => !named.some((name) => covers(name, pkg)))).toEqual([])
    expect(named.filter((name) => !packages.some((pkg) => covers(name, pkg)))).toEqual([])
  })
})

/**
 * The variables `readConfig` asks the environment for, recorded by running it on an environment that
 * notes each read (once in development, once in production, with one public chain's RPC URL), plus any
 * `process.env.X` read elsewhere in the server's code. `RPC_URL_<chainId>` stands for each chain's.
 */
function variablesTheServerReads(): Set<string> {
  const read = new Set<string>()
  const recording = (values: Record<string, string>) =>
    new Proxy(values, {
      get(target, name) {
        if (typeof name === 'string') read.add(name.replace(/^RPC_URL_\d+$/, 'RPC_URL_<chainId>'))
        return target[name as string]
      },
    })
  const chain = { RPC_URL_8453: 'https://base.example/rpc' }
  readConfig(recording(chain))
  readConfig(recording({ ...chain, NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) }))
  for (const path of serverSources(join(root, 'src')))
    for (const m of readFileSync(path, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) read.add(m[1]!)
  return read
}

/** The server's modules: src/ without the browser's code and without tests and their helpers. */
function serverSources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return ['web', 'wallet', 'testing'].includes(entry.name) ? [] : serverSources(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}
