import { fileURLToPath } from 'node:url'
import { routes } from '../src/web/routes.ts'

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

const appSource = fileURLToPath(new URL('../src/', import.meta.url))
const webSource = (path: string) => fileURLToPath(new URL(`../src/web/${path}`, import.meta.url))

/**
 * The chunks the app's own modules go in, by the root that first imports them statically: the
 * entry (every page's first load), then the screens the route table names a chunk for (the pay
 * page: what a payer's link loads beside it). Their libraries follow them into the chunk, as far
 * as they are used. Left to itself the bundler cuts these into some forty files, and on a phone
 * each file is another round trip.
 */
const ROUTE_CHUNKS: readonly (readonly [name: string, root: string])[] = [
  ['app', webSource('main.tsx')],
  ...routes.flatMap((route) => (route.chunk ? [[route.chunk, webSource(route.screen)] as const] : [])),
]

/** The app's modules a root imports statically, directly or through others (libraries not followed). */
function appModulesOf(graph: ModuleGraph, root: string) {
  const found = new Set<string>()
  const stack = [root]
  while (stack.length) {
    const id = stack.pop()!
    if (found.has(id) || !id.startsWith(appSource)) continue
    found.add(id)
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []))
  }
  return found
}

/** A chunking group's `name`: the route chunk of one of the app's modules, or null to leave it to the bundler. */
export function routeChunkName() {
  let chunkOf: Map<string, string> | undefined
  return (id: string, graph: ModuleGraph): string | null => {
    if (!chunkOf) {
      chunkOf = new Map()
      for (const [name, root] of ROUTE_CHUNKS)
        for (const module of appModulesOf(graph, root)) if (!chunkOf.has(module)) chunkOf.set(module, name)
    }
    return chunkOf.get(id) ?? null
  }
}
