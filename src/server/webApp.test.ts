import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), watch: false })
})
afterAll(async () => app?.close())

it('sends the built code compressed to browsers that accept it, and as is to those that do not', async () => {
  const html = await (await fetch(`${app.url}/`)).text()
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!
  const plain = await fetch(`${app.url}${entry}`, { headers: { 'accept-encoding': 'identity' } })
  const source = await plain.text()
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
