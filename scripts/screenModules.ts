import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { pathPrefix } from '../src/web/routeLookup.ts'
import { paymentRequestUrl } from '../src/web/requests/paymentRequestDocument.ts'
import { routes, screenExport } from '../src/web/routes.ts'

const VIRTUAL = 'virtual:screens'
const webSource = (path: string) => fileURLToPath(new URL(`../src/web/${path}`, import.meta.url))

/** Where the server finds the pages it preloads, beside Vite's manifest (read by src/server/webApp.ts). */
const PRELOADS_FILE = '.vite/preloads.json'
/** Where it finds the pages about one payment request and the URL the app fetches that request from. */
const REQUEST_PRELOAD_FILE = '.vite/requestPreload.json'
/** Stands for the request's id in that URL; letters only, so URL encoding leaves it as it is. */
const ID_SLOT = 'BILLFOLDREQUESTID'

/**
 * The route table's screens as `virtual:screens`, one loader each: a bundler splits code only at
 * an `import()` of a literal path, and the table keeps them as data the server and this build read.
 * The build also writes, for the server, the pages whose code comes with the HTML (path prefix and
 * the screen's manifest key), and the pages whose request's data does.
 */
export function screenModules(): Plugin {
  return {
    name: 'billfold-screen-modules',
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : null),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return null
      const loaders = [...new Set(routes.map((route) => route.screen))].map(
        (screen) =>
          `  ${JSON.stringify(screen)}: () => import(${JSON.stringify(webSource(screen))}).then((m) => m.${screenExport(screen)}),`,
      )
      return `export default {\n${loaders.join('\n')}\n}\n`
    },
    generateBundle() {
      const preloads = routes.filter((route) => route.preload).map((route) => [pathPrefix(route), route.screen])
      this.emitFile({ type: 'asset', fileName: PRELOADS_FILE, source: JSON.stringify(preloads) })
      const url = paymentRequestUrl(ID_SLOT)
      if (url.split(ID_SLOT).length !== 2) throw new Error(`The request's URL must name its id once: ${url}`)
      const pages = routes.filter((route) => route.request).map(pathPrefix)
      this.emitFile({
        type: 'asset',
        fileName: REQUEST_PRELOAD_FILE,
        source: JSON.stringify({ pages, url, slot: ID_SLOT }),
      })
    },
  }
}
