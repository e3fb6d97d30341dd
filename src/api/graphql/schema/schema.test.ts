import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { printedSchema } from './index.ts'

it('matches the checked-in schema.graphql (run `npm run schema` after changing the API)', () => {
  expect(readFileSync(new URL('../../../../schema.graphql', import.meta.url), 'utf8')).toBe(printedSchema())
})

it("matches the web app's generated GraphQL types (run `npm run schema`)", async () => {
  const { execFileSync } = await import('node:child_process')
  const { mkdtempSync } = await import('node:fs')
  const { join } = await import('node:path')
  const { tmpdir } = await import('node:os')
  const out = join(mkdtempSync(join(tmpdir(), 'tada-')), 'graphql-env.d.ts')
  execFileSync('npx', ['gql.tada', 'generate', 'output', '--output', out], { stdio: 'pipe' })
  expect(readFileSync(out, 'utf8')).toBe(
    readFileSync(new URL('../../../web/graphql/graphql-env.d.ts', import.meta.url), 'utf8'),
  )
})
