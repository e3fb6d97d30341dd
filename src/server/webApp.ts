import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import sirv from 'sirv'
import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '../domain/clientConfig.ts'
import { BASE_LOCALE, matchLocale, type Locale } from '../domain/locales.ts'
import { isShortId } from '../domain/shortId.ts'

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>
export const webRoot = fileURLToPath(new URL('../web/', import.meta.url))
export const webDist = fileURLToPath(new URL('../../dist/web/', import.meta.url))

/** Puts the runtime config into the page as inert JSON, escaped so it cannot close the script. */
export function injectClientConfig(html: string, config: ClientConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return html.replace(
    '</head>',
    `<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">${json}</script></head>`,
  )
}

/** What a shared link's preview (chat apps, social sites) says about a page; they read the HTML, not the app. */
export type PagePreview = { title: string; description: string }

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The page's title and Open Graph tags, escaped: the text comes from a payee. */
export function injectPreview(html: string, preview: PagePreview): string {
  const title = escapeHtml(preview.title)
  const description = escapeHtml(preview.description)
  return html.replace(
    /<title>[^<]*<\/title>/,
    `<title>${title}</title><meta name="description" content="${description}"><meta property="og:title" content="${title}"><meta property="og:description" content="${description}"><meta property="og:site_name" content="Billfold">`,
  )
}

type ManifestChunk = { file: string; imports?: string[] }

/** Pages whose code comes with the HTML, by path prefix, and the manifest key of each: scripts/screenModules.ts writes them from the web app's route table. */
type RoutePreloads = readonly (readonly [prefix: string, key: string])[]

/**
 * `<link rel="modulepreload">` for each page's own chunks (from Vite's manifest), so a pay link
 * fetches the pay page's code alongside the app's instead of after it: one round trip less on a
 * slow phone. What index.html already loads is left out.
 */
export function routePreloads(
  manifest: Record<string, ManifestChunk>,
  routes: RoutePreloads,
): (path: string) => string {
  const entry = manifest['index.html']
  const loaded = new Set([entry?.file, ...(entry?.imports ?? []).map((key) => manifest[key]?.file)])
  const filesOf = (key: string, seen = new Set<string>()): string[] => {
    if (seen.has(key) || !manifest[key]) return []
    seen.add(key)
    return [manifest[key].file, ...(manifest[key].imports ?? []).flatMap((child) => filesOf(child, seen))]
  }
  const tags = new Map(
    routes.map(([prefix, key]) => [
      prefix,
      [...new Set(filesOf(key))]
        .filter((file) => !loaded.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join(''),
    ]),
  )
  return (path) => {
    const route = routes.find(([prefix]) => path.startsWith(prefix))
    return route ? tags.get(route[0])! : ''
  }
}

/** The pages about one payment request (`/pay/<id>`…) and the URL the app fetches it from, its id as `slot`: written by the build (scripts/screenModules.ts). */
type RequestPreload = { pages: readonly string[]; url: string; slot: string }

/**
 * `<link rel="preload" as="fetch">` for the request a page is about: the browser fetches its data
 * with the HTML instead of once the app's code has loaded and run, and the app's own fetch of the
 * same URL is answered from it. `crossorigin` gives it the app's fetch's credentials mode (same-origin).
 */
export function requestPreload(preload: RequestPreload | undefined): (path: string) => string {
  return (path) => {
    const page = preload?.pages.find((prefix) => path.startsWith(prefix))
    const id = page === undefined ? '' : path.slice(page.length)
    if (!preload || !isShortId(id)) return ''
    return `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(preload.url.replace(preload.slot, id))}">`
  }
}

/** The languages of an Accept-Language header, most wanted first ("de-DE,de;q=0.9,en;q=0.8"). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      )
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index }
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag)
}

/**
 * The page in the visitor's language from the first byte: `<html lang>`, and the language's
 * catalog fetched with the page rather than after the app starts. The browser's own choice (a
 * language picked earlier) still wins in the app; this is only a head start.
 */
export function languageHints(
  manifest: Record<string, ManifestChunk>,
): (acceptLanguage: string | undefined) => { lang: Locale; preload: string } {
  // The frame's and the payer's words (src/i18n/catalogs/{shell,payer}/<lang>.ts): a payer's link is the cold start that counts.
  const chunksOf = new Map<string, string[]>()
  for (const [source, chunk] of Object.entries(manifest)) {
    const lang = /(?:^|\/)i18n\/catalogs\/(?:shell|payer)\/([\w-]+)\.ts$/.exec(source)?.[1]
    if (lang) chunksOf.set(lang, [...(chunksOf.get(lang) ?? []), chunk.file])
  }
  return (acceptLanguage) => {
    const lang = matchLocale(acceptedLanguages(acceptLanguage))
    const catalogs = lang === BASE_LOCALE ? [] : (chunksOf.get(lang) ?? [])
    return { lang, preload: catalogs.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('') }
  }
}

/** Serves the built app; every route that is not a file gets index.html, as a single-page app needs. */
export async function createStaticWebApp(
  config: ClientConfig,
  { previewOf }: { previewOf?: (path: string) => Promise<PagePreview | undefined> } = {},
): Promise<Handler> {
  const index = injectClientConfig(await readFile(`${webDist}index.html`, 'utf8'), config)
  const manifest = JSON.parse(await readFile(`${webDist}.vite/manifest.json`, 'utf8').catch(() => '{}')) as Record<
    string,
    ManifestChunk
  >
  const preloads = JSON.parse(
    await readFile(`${webDist}.vite/preloads.json`, 'utf8').catch(() => '[]'),
  ) as RoutePreloads
  const preloadsOf = routePreloads(manifest, preloads)
  const requestPreloadOf = requestPreload(
    (JSON.parse(
      await readFile(`${webDist}.vite/requestPreload.json`, 'utf8').catch(() => 'null'),
    ) as RequestPreload | null) ?? undefined,
  )
  const languageOf = languageHints(manifest)
  // Precompressed by the build (scripts/compressAssets.ts): brotli or gzip when the browser accepts it.
  const assets = sirv(webDist, { immutable: true, etag: true, brotli: true, gzip: true })
  // The till's web-app manifest and icon keep their names across deploys: revalidated, not immutable.
  const appFiles = sirv(webDist, { etag: true, brotli: true, gzip: true, maxAge: 0 })
  return async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path.startsWith('/assets/') || path.startsWith('/walletconnect/')) return assets(req, res, () => notFound(res))
    if (path.startsWith('/pos-app/')) return appFiles(req, res, () => notFound(res))
    const preview = previewOf ? await previewOf(path) : undefined
    const language = languageOf(req.headers['accept-language'])
    const html = (preview ? injectPreview(index, preview) : index)
      .replace('<html lang="en">', `<html lang="${language.lang}">`)
      .replace('</head>', `${requestPreloadOf(path)}${preloadsOf(path)}${language.preload}</head>`)
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'Accept-Language',
    })
    res.end(html)
  }
}

/** Development: Vite in middleware mode behind the same origin, with hot reload. */
export async function createDevWebApp(config: ClientConfig): Promise<{ handler: Handler; close(): Promise<void> }> {
  const { createServer } = await import('vite')
  const vite = await createServer({
    configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    server: { middlewareMode: true },
    appType: 'custom',
  })
  const handler: Handler = (req, res) => {
    vite.middlewares(req, res, async () => {
      try {
        const raw = await readFile(`${webRoot}index.html`, 'utf8')
        const html = injectClientConfig(await vite.transformIndexHtml(req.url ?? '/', raw), config)
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        res.end(html)
      } catch (error) {
        vite.ssrFixStacktrace(error as Error)
        res.writeHead(500).end(String(error))
      }
    })
  }
  return { handler, close: () => vite.close() }
}

function notFound(res: ServerResponse) {
  res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
}
