import type { Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { launchWithDevWallet, setDevWalletOptions, withDevWallet, type WalletBrowser } from './support/chromium.ts'
import { closeBrowsers, personAt } from './support/people.ts'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'

const appUrl = inject('appUrl')
const anvilUrl = inject('anvilUrl')
let browser: WalletBrowser | undefined
afterEach(async () => {
  await browser?.close()
  browser = undefined
  await closeBrowsers()
})

async function connected(): Promise<Page> {
  browser = await launchWithDevWallet()
  const { page } = browser
  await page.goto(withDevWallet(appUrl, { chains: { '31337': anvilUrl } }))
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page
    .getByRole('dialog')
    .getByRole('option', { name: /Billfold Dev Wallet/ })
    .click()
  await expect.poll(() => page.getByTestId('account-address').textContent()).toBe('0xf39F…2266')
  return page
}

describe('Sign-In with Ethereum in Chromium with the dev wallet', () => {
  it('signs in, stays signed in after a reload, and signs out', async () => {
    const page = await connected()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('signed-in').waitFor()
    const cookie = (await browser!.context.cookies()).find((c) => c.name === 'billfold_session')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600)
    expect(await page.evaluate(() => document.cookie)).not.toContain('billfold_session')

    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    await expect.poll(() => page.getByTestId('account-address').textContent()).toBe('0xf39F…2266')

    await page.getByTestId('account-menu').click()
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await page.reload()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(await page.getByTestId('signed-in').count()).toBe(0)
  })

  it('keeps the person on the page with a clear message when they decline to sign', async () => {
    const page = await connected()
    await setDevWalletOptions(page, { reject: ['personal_sign'] })
    await page.getByRole('button', { name: 'Sign in' }).click()
    const alert = page.getByRole('alert')
    await expect.poll(() => alert.textContent()).toContain('You declined to sign in your wallet. Nothing was signed.')
    await setDevWalletOptions(page, { reject: [] })
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('signed-in').waitFor()
  })

  it('signs the old account out when the wallet switches accounts', async () => {
    const page = await connected()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('signed-in').waitFor()
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('devwallet:account', { detail: 1 })))
    await expect.poll(() => page.getByTestId('account-address').textContent()).toBe('0x7099…79C8')
    await page.getByText('You switched accounts in your wallet, so Billfold signed you out.').waitFor()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await page.reload()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(await page.getByTestId('signed-in').count()).toBe(0)
  })

  it('signs the address out of every browser with "Sign out everywhere"', async () => {
    const laptop = await personAt('/', 2, { signIn: true })
    const phone = await personAt('/', 2, { signIn: true })
    await laptop.getByRole('link', { name: 'Settings' }).click()
    await laptop.getByRole('button', { name: 'Sign out everywhere' }).click()
    await laptop.getByRole('button', { name: 'Sign in' }).waitFor()
    await phone.reload()
    await phone.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(await phone.getByTestId('signed-in').count()).toBe(0)
  })

  it('offers signing in right after connecting, focused: Enter signs, and focus lands on the dashboard', async () => {
    const page = await connected()
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Sign message')
    await page.keyboard.press('Enter')
    await page.getByTestId('signed-in').waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Your payment requests')
  })

  it('shows a sign-in error below the header, where it clears, never inside it', async () => {
    const page = await connected()
    await setDevWalletOptions(page, { reject: ['personal_sign'] })
    await page.locator('.site-header').getByRole('button', { name: 'Sign in' }).click()
    const notice = page.getByTestId('notice-region')
    await expect.poll(() => notice.textContent()).toContain('You declined to sign in your wallet. Nothing was signed.')
    expect(await page.locator('.site-header [role=alert]').count()).toBe(0)
    await notice.getByRole('button', { name: 'Dismiss' }).click()
    await notice.waitFor({ state: 'detached' })
  })

  it('puts focus on Pay after a payer connects on a pay page', async () => {
    const { cookie } = await signIn(appUrl, alice)
    const request = await createRequest(appUrl, cookie, alice, { amount: '2' })
    const payer = await personAt(`/pay/${request.id}`, 3, { signIn: false })
    await expect
      .poll(() => payer.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('pay-button')
    // Paying needs no session: the payer is not offered one.
    expect(await payer.getByRole('button', { name: 'Sign in' }).count()).toBe(0)
    await payer.getByRole('link', { name: 'Billfold', exact: true }).click()
    await payer.getByRole('button', { name: 'Sign in' }).waitFor()
  })
})
