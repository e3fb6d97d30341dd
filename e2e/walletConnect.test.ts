import { decodeQr } from './support/qr.ts'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { launchWithDevWallet, type WalletBrowser } from './support/chromium.ts'
import { startFakeWalletConnectRelay } from './support/fakeWalletConnectRelay.ts'
import { startTestApp, type TestApp } from '../testing/startTestApp.ts'

let relay: Awaited<ReturnType<typeof startFakeWalletConnectRelay>>
let server: TestApp
let browser: WalletBrowser

beforeAll(async () => {
  relay = await startFakeWalletConnectRelay()
  server = await startTestApp({
    anvilUrl: inject('anvilUrl'),
    walletConnectProjectId: '0123456789abcdef0123456789abcdef',
    walletConnectRelayUrl: relay.url,
  })
  browser = await launchWithDevWallet({ extension: false })
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
  await relay?.close()
})

it('loads WalletConnect only when asked, and shows a pairing QR whose topic the relay was asked to watch', async () => {
  const { page } = browser
  const fetched: string[] = []
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
  await page.goto(server.url)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page.waitForTimeout(300)
  expect(fetched.filter((path) => path.startsWith('/walletconnect/'))).toEqual([])

  await page.getByRole('button', { name: /Use a mobile wallet/ }).click()
  const qr = page.getByRole('img', { name: 'WalletConnect pairing QR code' })
  await qr.waitFor({ timeout: 20_000 })
  expect(fetched).toContain('/walletconnect/walletConnectSession.js')

  const uri = decodeQr(await qr.screenshot()) ?? ''
  const match = /^wc:([0-9a-f]{64})@2\?(.*)$/.exec(uri)
  expect(match, uri).not.toBeNull()
  expect(new URLSearchParams(match![2]).get('symKey')).toMatch(/^[0-9a-f]{64}$/)
  expect(relay.watchedTopics).toContain(match![1])
  // No code to open the page itself: a phone cannot reach 127.0.0.1, and the panel says so.
  expect(await page.getByRole('img', { name: /QR code: open this page in MetaMask/ }).count()).toBe(0)
  await page.getByTestId('mobile-unavailable').waitFor()
})
