import type { Page } from 'playwright-core'
import { inject } from 'vitest'
import { launchWithDevWallet, withDevWallet, type WalletBrowser } from './chromium.ts'

/** Browsers opened by a test file, to close after each test. */
export const openBrowsers: WalletBrowser[] = []

export async function closeBrowsers() {
  await Promise.all(openBrowsers.splice(0).map((b) => b.close()))
}

/** A browser with the dev wallet on `account`, connected (and signed in when asked) on `path`. */
export async function personAt(path: string, account: number, { signIn }: { signIn: boolean }): Promise<Page> {
  const browser = await launchWithDevWallet()
  openBrowsers.push(browser)
  const { page } = browser
  await page.goto(
    withDevWallet(new URL(path, inject('appUrl')).href, { account, chains: { '31337': inject('anvilUrl') } }),
  )
  await connectDevWallet(page)
  if (signIn) {
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('signed-in').waitFor()
  }
  return page
}

/**
 * Connects the dev wallet as a person would: *Connect wallet* (in the page's language), then the
 * wallet in the dialog.
 */
export async function connectDevWallet(page: Page, button = 'Connect wallet') {
  await page.getByRole('button', { name: button }).first().click()
  await page
    .getByRole('dialog')
    .getByRole('option', { name: /Billfold Dev Wallet/ })
    .click()
  await page.getByTestId('account-address').waitFor()
}

export const statusOf = (page: Page) => page.getByTestId('request-status').first().getAttribute('data-status')
