import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
import { floorsPlugin } from './floors.js'

// A small src/ of its own on disk, linted with the cycle rule: the rule reads the other modules from disk.
const root = mkdtempSync(join(tmpdir(), 'billfold-cycles-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const planted = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { floors: floorsPlugin as ESLint.Plugin },
      rules: { 'floors/no-import-cycle': 'error' },
    },
  ],
})

/** Writes the modules, then lints them: the cycle rule's messages per file. */
async function cycleErrors(modules: Record<string, string>) {
  for (const [path, code] of Object.entries(modules)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), code)
  }
  const results = await planted.lintFiles(Object.keys(modules))
  return Object.fromEntries(
    results.map((r) => [r.filePath.slice(root.length + 1), r.messages.map((m) => `${m.ruleId}: ${m.message}`)]),
  )
}

describe('the import cycle lint rule', () => {
  it('fails both imports of a runtime cycle, naming it', async () => {
    const errors = await cycleErrors({
      'src/payments/a.ts': "import { b } from './b.ts'\nexport const a = () => b\n",
      'src/payments/b.ts': "import { a } from './a.ts'\nexport const b = () => a\n",
    })
    expect(errors).toEqual({
      'src/payments/a.ts': [
        'floors/no-import-cycle: This import closes a runtime import cycle: src/payments/a.ts → src/payments/b.ts → src/payments/a.ts. Move what both need into a module of its own, or import types only (import type).',
      ],
      'src/payments/b.ts': [expect.stringContaining('src/payments/b.ts → src/payments/a.ts → src/payments/b.ts')],
    })
  })

  it('follows a cycle through other folders and a re-export', async () => {
    const errors = await cycleErrors({
      'src/api/route.ts': "import { store } from '../db/store.ts'\nexport const route = store\n",
      'src/db/store.ts': "export { rule } from '../domain/rule.ts'\nexport const store = 1\n",
      'src/domain/rule.ts': "import { route } from '../api/route.ts'\nexport const rule = route\n",
    })
    expect(errors['src/api/route.ts']).toEqual([
      expect.stringContaining('src/api/route.ts → src/db/store.ts → src/domain/rule.ts → src/api/route.ts'),
    ])
    expect(errors['src/db/store.ts']).toHaveLength(1)
    expect(errors['src/domain/rule.ts']).toHaveLength(1)
  })

  it('lets types, a dynamic import and modules outside src/ go round', async () => {
    const errors = await cycleErrors({
      'src/merchants/request.ts':
        "import type { Priced } from './priced.ts'\nexport type Request = { priced?: Priced }\n",
      'src/merchants/priced.ts':
        "import { type Request } from './request.ts'\nexport type Priced = { request: Request }\n",
      'src/web/page.ts': "export const page = () => import('./lazy.ts')\n",
      'src/web/lazy.ts': "import { page } from './page.ts'\nexport const lazy = page\n",
      'testing/one.ts': "import { two } from './two.ts'\nexport const one = two\n",
      'testing/two.ts': "import { one } from './one.ts'\nexport const two = one\n",
    })
    expect(Object.values(errors).flat()).toEqual([])
  })

  it('is on for src/ in the project configuration', async () => {
    const project = new ESLint({ cwd: new URL('..', import.meta.url).pathname })
    const config = await project.calculateConfigForFile('src/payments/planted.ts')
    expect(config.rules['floors/no-import-cycle']).toEqual([2])
  })
})
