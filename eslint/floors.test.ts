import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname })

/** Lints one planted import as if it were a file at `filePath`: the floor rule's messages. */
async function floorErrors(filePath: string, specifier: string, code = `import * as planted from '${specifier}'`) {
  const [result] = await eslint.lintText(`${code}\nexport default planted\n`, { filePath })
  return result!.messages.filter((m) => m.ruleId === 'floors/import-downwards').map((m) => m.message)
}

describe('the floors lint rule', () => {
  it('points to the layer map in the docs', async () => {
    expect(await floorErrors('src/domain/planted.ts', '../db/schema.ts')).toEqual([
      expect.stringContaining('see the layer map in docs/architecture.md'),
    ])
  })

  it.each([
    ['src/api/planted.ts', '../server/config.ts', 'api floor may not import the server floor'],
    ['src/merchants/schedules/planted.ts', '../../api/rest/restApi.ts', 'merchants floor may not import the api floor'],
    [
      'src/notifications/webhooks/planted.ts',
      '../../merchants/apiKeys.ts',
      'notifications floor may not import the merchants floor',
    ],
    [
      'src/relayer/planted.ts',
      '../notifications/outboxWorker.ts',
      'relayer floor may not import the notifications floor',
    ],
    ['src/secrets/planted.ts', '../chain/chains.ts', 'secrets floor may not import the chain floor'],
    ['src/server/planted.ts', '../web/App.tsx', 'server floor may not import the web floor'],
    ['src/watcher/planted.ts', '../api/graphql/createApi.ts', 'watcher floor may not import the api floor'],
    ['src/watcher/planted.ts', '../http/readBody.ts', 'watcher floor may not import the http floor'],
    ['src/watcher/planted.ts', '../relayer/sendRelay.ts', 'watcher floor may not import the relayer floor'],
    ['src/chain/planted.ts', '../watcher/watchChain.ts', 'chain floor may not import the watcher floor'],
    ['src/domain/planted.ts', '../db/schema.ts', 'domain floor may not import the db floor'],
    ['src/payments/planted.ts', '../merchants/apiKeys.ts', 'payments floor may not import the merchants floor'],
    ['src/web/planted.ts', '../payments/requestFilter.ts', 'web floor may not import the payments floor'],
  ])('fails %s importing %s', async (filePath, specifier, words) => {
    expect(await floorErrors(filePath, specifier)).toEqual([expect.stringContaining(words)])
  })

  it('fails a dynamic import and a re-export that go up', async () => {
    const dynamic = "const planted = await import('../../web/App.tsx')"
    expect(await floorErrors('src/payments/repository/planted.ts', '', dynamic)).toEqual([
      expect.stringContaining('payments floor may not import the web floor'),
    ])
    const reexport = "export { startServer } from '../server/startServer.ts'\nconst planted = 1"
    expect(await floorErrors('src/http/planted.ts', '', reexport)).toEqual([
      expect.stringContaining('http floor may not import the server floor'),
    ])
  })

  it('lets the api floor name the database floor for types only', async () => {
    const runtime = "import { paymentRequests } from '../../db/schema.ts'\nconst planted = paymentRequests"
    expect(await floorErrors('src/api/graphql/planted.ts', '', runtime)).toEqual([
      expect.stringContaining('api floor may import the db floor for types only'),
    ])
    // An inline `type` mark still leaves an import in the output (verbatimModuleSyntax): a runtime import.
    const inline = "import { type Db } from '../../db/createDatabase.ts'\nconst planted = 1"
    expect(await floorErrors('src/api/graphql/planted.ts', '', inline)).toEqual([
      expect.stringContaining('for types only'),
    ])
    const types = "import type { Db } from '../../db/createDatabase.ts'\nconst planted = 1"
    expect(await floorErrors('src/api/graphql/planted.ts', '', types)).toEqual([])
    const reexport = "export type { Db } from '../../db/createDatabase.ts'\nconst planted = 1"
    expect(await floorErrors('src/api/graphql/planted.ts', '', reexport)).toEqual([])
  })

  it.each([
    ['src/api/planted.ts', '../payments/requestFilter.ts'],
    ['src/watcher/planted.ts', '../payments/repository/dueRequests.ts'],
    ['src/notifications/planted.ts', '../relayer/relayerStore.ts'],
    ['src/server/planted.ts', '../api/graphql/createApi.ts'],
    ['src/web/planted.ts', '../domain/amount.ts'],
  ])('lets %s import %s', async (filePath, specifier) => {
    expect(await floorErrors(filePath, specifier)).toEqual([])
  })
})
