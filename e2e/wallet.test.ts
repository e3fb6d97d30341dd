import { decodeQr } from './support/qr.ts'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { launchWithDevWallet, setDevWalletOptions, withDevWallet, type WalletBrowser } from './support/chromium.ts'

const appUrl = inject('appUrl')
const anvilUrl = inject('anvilUrl')
const devChain = { '31337': anvilUrl }
let browser: WalletBrowser | undefined

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

async function open(options: Parameters<typeof withDevWallet>[1] = {}, path = '/', origin = appUrl) {
  browser = await launchWithDevWallet(origin === appUrl ? {} : { publicOrigin: origin })
  const { page } = browser
  // Records whether the no-wallet screen ever shows, however briefly.
  await page.addInitScript(() => {
    const w = window as unknown as { sawNotFound: boolean }
    w.sawNotFound = false
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('No browser wallet found')) w.sawNotFound = true
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  await page.goto(withDevWallet(new URL(path, origin).href, { chains: devChain, ...options }))
  return page
}

const dialog = (page: Page) => page.getByRole('dialog')
const walletRow = (page: Page, name: string) => dialog(page).getByRole('option', { name: new RegExp(name) })
const sawNotFound = (page: Page) => page.evaluate(() => (window as unknown as { sawNotFound: boolean }).sawNotFound)

async function connectDevWallet(page: Page) {
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await walletRow(page, 'Billfold Dev Wallet').click()
  await expect.poll(() => page.getByTestId('account-address').textContent()).toBe('0xf39F…2266')
}

describe('wallet detection in Chromium with the dev wallet', () => {
  it('lists a wallet that is there at once as installed, listed once although announced both ways', async () => {
    const page = await open()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.poll(() => walletRow(page, 'Billfold Dev Wallet').textContent()).toContain('Installed')
    expect(
      await dialog(page)
        .getByRole('option', { name: /Billfold Dev Wallet/ })
        .count(),
    ).toBe(1)
    expect(await dialog(page).getByText('Browser wallet').count()).toBe(0)
    expect(await sawNotFound(page)).toBe(false)
  })

  it('finds a wallet that appears after 3 s before the 5 s wait ends, with no not-found flash', async () => {
    const started = Date.now()
    const page = await open({ appear: 3000 })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.poll(() => dialog(page).getByRole('status').first().textContent()).toContain('Looking for wallets')
    await walletRow(page, 'Billfold Dev Wallet').waitFor()
    const elapsed = Date.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(2900)
    // Found within the wait: had the wait ended first, the not-found screen would have shown. (Not
    // timed here: on a busy machine the page alone can take seconds to open.)
    await page.waitForTimeout(2500) // past the 5 s mark
    expect(await sawNotFound(page)).toBe(false)
  })

  it('shows the no-wallet screen after the wait, with install links, and Try again finds a wallet that appeared since', async () => {
    const started = Date.now()
    const page = await open({ appear: 'never' })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog(page).getByRole('heading', { name: 'No browser wallet found' }).waitFor({ timeout: 8000 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900)
    const install = dialog(page).getByRole('link', { name: 'Install MetaMask' })
    expect(await install.getAttribute('href')).toBe(
      'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
    )
    // The app is at 127.0.0.1 here, which no phone can open: no mobile option, and the dialog says why.
    expect(await dialog(page).getByRole('button', { name: 'Use a mobile wallet', exact: true }).count()).toBe(0)
    expect(await dialog(page).getByTestId('mobile-unavailable').textContent()).toBe(
      `Mobile wallets cannot connect here: this page’s address (${new URL(appUrl).host}) opens only on this computer.`,
    )

    await page.evaluate(() => window.dispatchEvent(new Event('devwallet:install')))
    await page.waitForTimeout(200)
    expect(await dialog(page).getByText('No browser wallet found').count()).toBe(1)
    await dialog(page).getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => walletRow(page, 'Billfold Dev Wallet').textContent()).toContain('Installed')
    expect(await dialog(page).getByText('No browser wallet found').count()).toBe(0)
  })

  it('lists a wallet missing request as unsupported, names the method, and cannot choose it', async () => {
    const page = await open({ missing: ['request'] })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const row = walletRow(page, 'Billfold Dev Wallet')
    await expect.poll(() => row.textContent(), { timeout: 8000 }).toContain('Unsupported: lacks request')
    expect(await row.getAttribute('aria-disabled')).toBe('true')
    await dialog(page).getByRole('alert').filter({ hasText: 'lacks methods Billfold needs' }).waitFor()
    await row.click({ force: true })
    await page.waitForTimeout(300)
    expect(await page.getByTestId('account-address').count()).toBe(0)
  })
})

describe('connecting in Chromium with the dev wallet', () => {
  it('says clearly when the person declines, and connects on retry', async () => {
    const page = await open()
    await setDevWalletOptions(page, { reject: ['wallet_requestPermissions', 'eth_requestAccounts'] })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await walletRow(page, 'Billfold Dev Wallet').click()
    const alert = dialog(page).getByRole('alert')
    await expect.poll(() => alert.textContent()).toContain('You declined the request in your wallet.')
    expect(await alert.getAttribute('data-code')).toBe('WALLET_USER_REJECTED')

    await setDevWalletOptions(page, { reject: [] })
    await walletRow(page, 'Billfold Dev Wallet').click()
    await expect.poll(() => page.getByTestId('account-address').textContent()).toBe('0xf39F…2266')
    expect(await page.getByRole('dialog').count()).toBe(0)
  })

  it('connects, follows an account switch, switches chain, and disconnects', async () => {
    const page = await open({ chainId: 1, chains: { '1': anvilUrl, '31337': anvilUrl } })
    await connectDevWallet(page)
    await page.getByText('Wrong network').waitFor()

    await page.getByRole('button', { name: 'Switch to Billfold dev chain' }).click()
    // The network the wallet is on is named in the account menu.
    await page.locator('[data-chain-id="31337"]').waitFor({ state: 'attached' })
    expect(await page.getByText('Wrong network').count()).toBe(0)

    await page.evaluate(() => window.dispatchEvent(new CustomEvent('devwallet:account', { detail: 1 })))
    await expect.poll(() => page.getByTestId('account-address').textContent()).toBe('0x7099…79C8')

    await page.getByTestId('account-menu').click()
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
    await page.reload()
    await page.waitForTimeout(500)
    expect(await page.getByRole('button', { name: 'Connect wallet' }).count()).toBe(1)
  })

  it('adds the dev chain to a wallet that does not know it (4902, then wallet_addEthereumChain)', async () => {
    const page = await open({ chainId: 1, chains: { '1': anvilUrl } })
    await connectDevWallet(page)
    await page.getByRole('button', { name: 'Switch to Billfold dev chain' }).click()
    // The network the wallet is on is named in the account menu.
    await page.locator('[data-chain-id="31337"]').waitFor({ state: 'attached' })
  })

  it('reconnects silently after a reload while the wallet still authorises the site', async () => {
    const page = await open()
    await connectDevWallet(page)
    await page.reload()
    await expect.poll(() => page.getByTestId('account-address').textContent()).toBe('0xf39F…2266')
  })

  it('follows a wallet that locks', async () => {
    const page = await open()
    await connectDevWallet(page)
    await page.evaluate(() => window.dispatchEvent(new Event('devwallet:lock')))
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
  })
})

describe('the connect dialog', () => {
  it('filters as you type, moves with the arrows, connects with Enter', async () => {
    const page = await open()
    const trigger = page.getByRole('button', { name: 'Connect wallet' })
    await trigger.click()
    const search = dialog(page).getByRole('combobox', { name: 'Search wallets' })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Search wallets')
    await page.keyboard.type('coin')
    await expect
      .poll(() => dialog(page).getByRole('option').allTextContents())
      .toEqual([expect.stringContaining('Coinbase Wallet')])
    await search.fill('')
    await page.keyboard.type('zzz')
    await dialog(page).getByText('No wallet matches “zzz”.').waitFor()
    await search.fill('')

    const selected = () => dialog(page).locator('[role="option"][aria-selected="true"]').textContent()
    await expect.poll(selected).toContain('Billfold Dev Wallet')
    await page.keyboard.press('ArrowDown')
    await expect.poll(selected).toContain('MetaMask')
    await page.keyboard.press('ArrowUp')
    await expect.poll(selected).toContain('Billfold Dev Wallet')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('account-address').textContent()).toBe('0xf39F…2266')
  })

  it('traps focus, closes on Escape and gives focus back to the button that opened it', async () => {
    const page = await open()
    const trigger = page.getByRole('button', { name: 'Connect wallet' })
    await trigger.click()
    await dialog(page).waitFor()
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Connect wallet')
  })

  it('shows a QR code that opens this page in a mobile wallet, only where a phone can open the page', async () => {
    const local = await open()
    await local.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog(local).getByTestId('mobile-unavailable').waitFor()
    expect(
      await dialog(local)
        .getByRole('button', { name: /Use a mobile wallet/ })
        .count(),
    ).toBe(0)
    await browser?.close()

    // The same app under a name that resolves like a public one.
    const page = await open({}, '/', `http://billfold.test:${new URL(appUrl).port}`)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog(page).getByRole('button', { name: 'Use a mobile wallet (QR code)' }).click()
    const qr = dialog(page).getByRole('img', { name: /QR code: open this page in MetaMask/ })
    const decoded = decodeQr(await qr.screenshot())
    const pageUrl = new URL(page.url())
    expect(pageUrl.hostname).toBe('billfold.test')
    expect(decoded).toBe(`https://metamask.app.link/dapp/${pageUrl.host}${pageUrl.pathname}${pageUrl.search}`)

    await dialog(page).getByLabel('Open this page in', { exact: true }).selectOption({ label: 'Trust Wallet' })
    const trust = decodeQr(
      await dialog(page)
        .getByRole('img', { name: /Trust Wallet/ })
        .screenshot(),
    )
    expect(trust).toBe(`https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(page.url())}`)
  })
})

describe('hostile providers', () => {
  it('never renders provider text as HTML, drops unsafe icons, keeps one entry per uuid, and survives a throwing provider', async () => {
    browser = await launchWithDevWallet({ extension: false })
    const { page } = browser
    await page.addInitScript(() => {
      const throwing = {
        request: () => {
          throw new Error('wallet exploded')
        },
        on() {},
        removeListener() {},
      }
      const announce = (info: object, provider: object) =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } }))
      const all = () => {
        announce(
          {
            uuid: 'h1',
            name: '<img src=x onerror="window.pwned=1">Evil',
            icon: 'javascript:window.pwned=2',
            rdns: 'com.evil',
          },
          throwing,
        )
        announce({ uuid: 'h1', name: 'Impostor', icon: '', rdns: 'com.impostor' }, throwing)
        announce(
          { uuid: 'h2', name: '', icon: 'data:text/html,<script>window.pwned=3</script>', rdns: 'io.metamask' },
          throwing,
        )
      }
      window.addEventListener('eip6963:requestProvider', all)
    })
    await page.goto(appUrl)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const evil = walletRow(page, 'Evil')
    await evil.waitFor()
    expect(await evil.textContent()).toContain('<img src=x onerror="window.pwned=1">Evil')
    expect(await dialog(page).getByText('Impostor').count()).toBe(0)
    expect(await walletRow(page, 'MetaMask').first().textContent()).toContain('Installed')
    const srcs = await dialog(page)
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')))
    expect(srcs.filter((s) => !s?.startsWith('data:image/') && !s?.startsWith('https://'))).toEqual([])
    await evil.click()
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toContain('Your wallet reported an error.')
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
  })
})
