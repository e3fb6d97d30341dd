import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { payerPage, requestIdOfPage } from './routeLookup.ts'
import { routes, screenExport } from './routes.ts'

const webFile = (path: string) => new URL(`./${path}`, import.meta.url)
// wouter's own matching (regexparam) for the patterns the table allows: literal segments and parameters.
const matcherOf = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+?')}/?$`, 'i')
const sampleOf = (path: string) => path.replace(/:[^/]+/g, 'sample-id')

describe('the route table', () => {
  it.each(routes.map((route) => [route.path, route.screen]))(
    '%s points at a module that exports its screen (%s)',
    (_, screen) => {
      expect(existsSync(webFile(screen)), `${screen} exists under src/web`).toBe(true)
      expect(readFileSync(webFile(screen), 'utf8')).toMatch(
        new RegExp(`^export (function|const) ${screenExport(screen)}\\b`, 'm'),
      )
    },
  )

  it('has paths wouter matches as written: literal segments and :parameters only', () => {
    for (const { path } of routes) expect(path).toMatch(/^\/((?:[a-z0-9-]+|:[a-z]+)(\/(?:[a-z0-9-]+|:[a-z]+))*)?$/)
  })

  it('has no two routes that open the same path', () => {
    for (const route of routes) {
      const openedBy = routes.filter((other) => matcherOf(other.path).test(sampleOf(route.path)))
      expect(openedBy.map((other) => other.path)).toEqual([route.path])
    }
  })

  it('names each chunk once, apart from the first load', () => {
    const chunks = routes.flatMap((route) => (route.chunk ? [route.chunk] : []))
    expect(new Set(chunks).size).toBe(chunks.length)
    expect(chunks).not.toContain('app')
  })

  it('gives a payee page’s sign-in step and loading to payee pages only', () => {
    for (const route of routes.filter((r) => r.audience === 'payer'))
      expect([route.path, route.signIn, route.loads ?? 'whenShown']).toEqual([route.path, undefined, 'whenShown'])
  })
})

describe('what the table says about a path', () => {
  it('knows a payer’s pages, the schedule link included, by their prefix', () => {
    for (const path of ['/pay/abc', '/receipts/abc', '/l/abc', '/s/abc', '/pay/abc/more'])
      expect(payerPage(path), path).toBe(true)
    for (const path of ['/', '/requests/abc', '/settings', '/invoices/new', '/payments', '/nowhere'])
      expect(payerPage(path), path).toBe(false)
  })

  it('finds the payment request a page is about, on the pay, receipt and request pages only', () => {
    expect(['/pay/abc', '/receipts/abc', '/requests/abc'].map(requestIdOfPage)).toEqual(['abc', 'abc', 'abc'])
    for (const path of ['/l/abc', '/s/abc', '/pay/abc/more', '/pay/', '/'])
      expect(requestIdOfPage(path), path).toBeUndefined()
  })
})
