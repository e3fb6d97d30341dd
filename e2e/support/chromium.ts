import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import type { DevWalletOptions } from '../../devwallet/src/devWalletOptions.ts'

export const devWalletDir = fileURLToPath(new URL('../../devwallet/dist/', import.meta.url))

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(path))
    throw new Error(`Chromium not found at ${path}: install Debian's chromium or set CHROMIUM_PATH.`)
  return path
}

export type WalletBrowser = { context: BrowserContext; page: Page; close(): Promise<void> }

/** Chromium with the dev wallet extension loaded, in a fresh profile. */
export async function launchWithDevWallet({
  extension = true,
  locale,
  timezoneId,
  publicOrigin,
}: {
  extension?: boolean
  locale?: string
  timezoneId?: string
  /** An origin such as http://billfold.test:1234 that resolves to this machine, as a public name would. */
  publicOrigin?: string
} = {}): Promise<WalletBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'billfold-chromium-'))
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ]
  if (publicOrigin)
    args.push(
      `--host-resolver-rules=MAP ${new URL(publicOrigin).hostname} 127.0.0.1`,
      // Served over https in real life: the page keeps the secure-context APIs it has on 127.0.0.1.
      `--unsafely-treat-insecure-origin-as-secure=${publicOrigin}`,
    )
  if (extension) args.push(`--disable-extensions-except=${devWalletDir}`, `--load-extension=${devWalletDir}`)
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args,
    viewport: { width: 1280, height: 800 },
    ...(locale ? { locale } : {}),
    ...(timezoneId ? { timezoneId } : {}),
  })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = context.pages()[0] ?? (await context.newPage())
  return {
    context,
    page,
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** The app URL with dev wallet options that take effect when the page loads. */
export function withDevWallet(url: string, options: Partial<DevWalletOptions>): string {
  const target = new URL(url)
  target.searchParams.set('devwallet', JSON.stringify(options))
  return target.href
}

/** Options read again on every wallet request, e.g. to make the wallet refuse and then accept. */
export async function setDevWalletOptions(page: Page, options: Partial<DevWalletOptions>): Promise<void> {
  await page.evaluate((json) => localStorage.setItem('billfold.devwallet', json), JSON.stringify(options))
}
