import { routes, type AppRoute } from './routes.ts'

/** A page's own paths: its path up to its first parameter (`/pay/` for `/pay/:id`), or the path itself. */
export function pathPrefix(route: AppRoute): string {
  const parameter = route.path.indexOf(':')
  return parameter < 0 ? route.path : route.path.slice(0, parameter)
}

const ownsPath = (route: AppRoute, path: string) =>
  route.path.includes(':') ? path.startsWith(pathPrefix(route)) : path === route.path

/** Whether a path is one of a payer's pages (opened from a link, with no session). */
export const payerPage = (path: string) => routes.some((route) => route.audience === 'payer' && ownsPath(route, path))

const requestPages = routes
  .filter((route) => route.request)
  .map((route) => new RegExp(`^${route.path.replace(/:[^/]+/, '([^/]+)')}$`))

/** The payment request a page is about, from its path, if it is about one. */
export function requestIdOfPage(path: string): string | undefined {
  for (const page of requestPages) {
    const id = page.exec(path)?.[1]
    if (id) return id
  }
  return undefined
}
