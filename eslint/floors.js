import { dirname, relative, resolve } from 'node:path'
import { noImportCycle } from './importCycles.js'

// The floors of the house (by folder; the longest prefix wins) and which floors each may import:
// arrows point down only. `typesOnly` names floors a floor may reach with `import type` alone (the
// transports name the database's row types but reach it only through use cases).
// eslint/floors.test.ts plants imports that break this and sees lint fail; docs/architecture.md
// shows the same map, and docs/docs.test.ts checks that the two agree.
export const floors = {
  domain: { folder: 'src/domain/', may: [] },
  i18n: { folder: 'src/i18n/', may: ['domain'] },
  wallet: { folder: 'src/wallet/', may: ['domain'] },
  db: { folder: 'src/db/', may: ['domain'] },
  secrets: { folder: 'src/secrets/', may: ['domain'] },
  chain: { folder: 'src/chain/', may: ['domain', 'db'] },
  payments: { folder: 'src/payments/', may: ['domain', 'i18n', 'db', 'chain'] },
  watcher: { folder: 'src/watcher/', may: ['domain', 'db', 'chain', 'payments'] },
  relayer: { folder: 'src/relayer/', may: ['domain', 'db', 'secrets', 'chain', 'payments'] },
  notifications: {
    folder: 'src/notifications/',
    may: ['domain', 'i18n', 'db', 'secrets', 'chain', 'payments', 'relayer'],
  },
  merchants: {
    folder: 'src/merchants/',
    may: ['domain', 'i18n', 'db', 'secrets', 'chain', 'payments', 'relayer', 'notifications'],
  },
  http: { folder: 'src/http/', may: ['domain'] },
  api: {
    folder: 'src/api/',
    typesOnly: ['db'],
    may: ['domain', 'i18n', 'secrets', 'chain', 'payments', 'relayer', 'notifications', 'merchants', 'http'],
  },
  web: { folder: 'src/web/', may: ['domain', 'i18n', 'wallet'] },
  server: {
    folder: 'src/server/',
    may: [
      'domain',
      'i18n',
      'wallet',
      'db',
      'secrets',
      'chain',
      'payments',
      'watcher',
      'relayer',
      'notifications',
      'merchants',
      'http',
      'api',
    ],
  },
}

const byDepth = Object.entries(floors).sort(([, a], [, b]) => b.folder.length - a.folder.length)

/** The floor a path (relative to the project, with forward slashes) stands on, if any. */
export const floorOf = (path) => byDepth.find(([, floor]) => path.startsWith(floor.folder))?.[0]

/** Whether the whole statement is erased at compile time (`import type`, `export type`); inline `type` marks are not. */
const typeOnly = (node) => node.importKind === 'type' || node.exportKind === 'type'

/** `floors/import-downwards`: an import (static, re-export or dynamic) may only reach a floor below its own. */
const importDownwards = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports point down the floors only.' } },
  create(context) {
    const root = context.cwd
    const from = relative(root, context.filename).replaceAll('\\', '/')
    const own = floorOf(from)
    if (!own) return {}
    const check = (node) => {
      const specifier = node.source?.value
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return
      const target = relative(root, resolve(dirname(context.filename), specifier)).replaceAll('\\', '/')
      const other = floorOf(target)
      if (!other || other === own || floors[own].may.includes(other)) return
      const forTypes = floors[own].typesOnly?.includes(other)
      if (forTypes && typeOnly(node)) return
      context.report({
        node: node.source,
        message: forTypes
          ? `The ${own} floor may import the ${other} floor for types only (${target}): use \`import type\`, or call a use case.`
          : `The ${own} floor may not import the ${other} floor (${target}); see the layer map in docs/architecture.md.`,
      })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

export const floorsPlugin = { rules: { 'import-downwards': importDownwards, 'no-import-cycle': noImportCycle } }
