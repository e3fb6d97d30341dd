import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'
import { alice, signIn } from '../api/testing/graphqlClient.ts'
import { createRequest } from '../api/testing/paymentRequestInput.ts'

let app: TestApp
// Starting a server takes longer than a hook's default on a busy 2-core machine.
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), watch: false })
}, 60_000)
afterAll(async () => app?.close())

it('sends the built code compressed to browsers that accept it, and as is to those that do not', async () => {
  const html = await (await fetch(`${app.url}/`)).text()
  // The largest script the page loads: the entry itself may be a small file that imports the rest.
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
  const plainOf = async (path: string) => {
    const response = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': 'identity' } })
    return { path, response, source: await response.text() }
  }
  const {
    path: entry,
    response: plain,
    source,
  } = (await Promise.all(scripts.map(plainOf))).reduce((a, b) => (a.source.length >= b.source.length ? a : b))
  expect(plain.headers.get('content-encoding')).toBeNull()
  for (const encoding of ['br', 'gzip']) {
    const compressed = await fetch(`${app.url}${entry}`, { headers: { 'accept-encoding': encoding } })
    expect(compressed.headers.get('content-encoding')).toBe(encoding)
    expect(Number(compressed.headers.get('content-length'))).toBeLessThan(source.length / 2)
    expect(await compressed.text()).toBe(source)
  }
})

it('has a pay link fetch the pay page’s code with the page, and other pages not', async () => {
  const pay = await (await fetch(`${app.url}/pay/abcdefghijklmnop`)).text()
  expect(pay).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/PayPage-[\w-]+\.js">/)
  expect(await (await fetch(`${app.url}/`)).text()).not.toContain('PayPage')
})

it('has a page about one request fetch that request with the page, and only for an id it could have given out', async () => {
  const preloadOf = async (path: string) =>
    /<link rel="preload" as="fetch" crossorigin href="([^"]+)">/.exec(
      await (await fetch(`${app.url}${path}`)).text(),
    )?.[1]
  const { cookie } = await signIn(app.url, alice)
  const { id } = await createRequest(app.url, cookie, alice, { amount: '5' })
  for (const page of ['/pay/', '/receipts/', '/requests/']) {
    const href = (await preloadOf(`${page}${id}`))!.replaceAll('&amp;', '&')
    const url = new URL(href, app.url)
    expect(url.pathname).toBe('/graphql')
    expect(url.searchParams.get('operationName')).toBe('PaymentRequest')
    expect(JSON.parse(url.searchParams.get('variables')!)).toEqual({ id })
    // The very URL answers the request's data, as a GET.
    const { data } = (await (await fetch(url)).json()) as { data: { paymentRequest: { id: string; amount: string } } }
    expect(data.paymentRequest).toMatchObject({ id, amount: '5000000' })
  }
  for (const path of ['/', '/pay/', '/pay/a%22%3E%3Cscript%3E', '/pay/abc/def', `/pay/${'a'.repeat(33)}`])
    expect(await preloadOf(path), path).toBeUndefined()
})

it('starts a page in the visitor’s language: html lang, and that language’s catalog fetched with the page', async () => {
  const german = await fetch(`${app.url}/pay/abcdefghijklmnop`, {
    headers: { 'accept-language': 'fr;q=0.5, de-AT, en;q=0.8' },
  })
  const html = await german.text()
  expect(html).toContain('<html lang="de">')
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/de-[\w-]+\.js">/)
  expect(html).not.toMatch(/href="\/assets\/fr-/)
  expect(german.headers.get('vary')).toMatch(/accept-language/i)

  for (const header of ['en-US,en;q=0.9', 'xx-YY, tlh', '*', 'de;q=0', 'de;q=abc, ja;q=0.1']) {
    const page = await (await fetch(`${app.url}/`, { headers: { 'accept-language': header } })).text()
    const expected = header.startsWith('de;q=abc') ? 'ja' : 'en'
    expect(page, header).toContain(`<html lang="${expected}">`)
    if (expected === 'en') expect(page, header).not.toMatch(/href="\/assets\/(es|de|fr|pt-BR|ja)-/)
  }
})
