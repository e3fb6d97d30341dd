import { readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

// Each file's runtime imports, parsed once and kept while the file is unchanged: one lint run reads
// every module of src/ once, and an editor's long-lived linter sees a file again only after it changed.
const parsedImports = new Map()

/**
 * Whether an import or re-export is there at run time: `import type` and `export type` are erased, but
 * `import { type A }` still loads its module (verbatimModuleSyntax keeps it as `import {}`).
 */
const isRuntime = (statement) =>
  (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
  (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined && !statement.isTypeOnly)

/** The files a module loads before it runs: static imports and re-exports. A dynamic `import()` runs later. */
function runtimeImportsOf(file) {
  let stat
  try {
    stat = statSync(file)
  } catch {
    parsedImports.delete(file)
    return []
  }
  const known = parsedImports.get(file)
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.imports
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false)
  const imports = source.statements
    .filter(isRuntime)
    .map((statement) => statement.moduleSpecifier.text)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier))
  parsedImports.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, imports })
  return imports
}

/** The chain of runtime imports from `start` back to `target` inside `folder`, if there is one. */
function pathBack(start, target, folder, deadEnds) {
  const trail = new Map([[start, undefined]])
  const stack = [start]
  while (stack.length) {
    const file = stack.pop()
    for (const next of runtimeImportsOf(file)) {
      if (next === target) {
        const chain = [file]
        for (let step = trail.get(file); step; step = trail.get(step)) chain.unshift(step)
        return chain
      }
      if (!next.startsWith(folder) || trail.has(next) || deadEnds.has(next)) continue
      trail.set(next, file)
      stack.push(next)
    }
  }
  for (const file of trail.keys()) deadEnds.add(file)
  return undefined
}

/** `floors/no-import-cycle`: no module of src/ may load, through its runtime imports, a module that loads it. */
export const noImportCycle = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'No runtime import cycle in src/: a module must not load itself through its imports.' },
  },
  create(context) {
    const root = context.cwd
    const folder = resolve(root, 'src') + sep
    const file = resolve(context.filename)
    if (!file.startsWith(folder)) return {}
    const show = (path) => relative(root, path).replaceAll('\\', '/')
    // Files known not to lead back to this one, shared by its imports.
    const deadEnds = new Set()
    const check = (node) => {
      if (node.importKind === 'type' || node.exportKind === 'type') return
      const specifier = node.source?.value
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return
      const target = resolve(dirname(file), specifier)
      if (!target.startsWith(folder)) return
      const back = target === file ? [] : pathBack(target, file, folder, deadEnds)
      if (!back) return
      const cycle = [file, ...back, file].map(show).join(' → ')
      context.report({
        node: node.source,
        message: `This import closes a runtime import cycle: ${cycle}. Move what both need into a module of its own, or import types only (import type).`,
      })
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
  },
}
