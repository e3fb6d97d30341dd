import { createHash } from 'node:crypto'
import { createPublicClient, erc20Abi, http } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { devWalletDir } from './support/chromium.ts'
import { closeBrowsers, personAt, statusOf } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

afterEach(closeBrowsers)

const anvilUrl = inject('anvilUrl')
const publicClient = createPublicClient({ transport: http(anvilUrl) })
// The payer is the dev wallet's first account with tokens and no ETH: the mnemonic's 101st, which Anvil never funds.
const payerAddress = mnemonicToAccount('test test test test test test test test test test test junk', {
  addressIndex: 100,
}).address

/** Chromium's id for an unpacked extension: the SHA-256 of its folder's path, its first 32 hex digits written a–p. */
const unpackedExtensionId = (dir: string) =>
  createHash('sha256')
    .update(dir.replace(/\/$/, ''))
    .digest('hex')
    .slice(0, 32)
    .replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 16)))

describe('paying without gas, in Chromium with the dev wallet', () => {
  it('the payee funds its relayer and turns it on; a payer with no ETH pays by signing; both pages turn paid', async () => {
    const payee = await personAt('/settings', 6, { signIn: true })
    // E-mail is off here: said as a payee would read it, never as the operator's setting.
    await payee.getByText(/^E-mail is off on this Billfold/).waitFor()
    expect(await payee.locator('body').textContent()).not.toContain('SMTP')
    const relayer = payee.getByTestId('relayer-31337')
    await relayer.getByLabel(/^Fund with/).fill('0.05')
    await relayer.getByRole('button', { name: 'Fund from my wallet' }).click()
    await expect
      .poll(() => relayer.getByTestId('relayer-balance').textContent(), { timeout: 20_000 })
      .toMatch(/^0\.05 ETH/)
    await relayer.getByRole('checkbox', { name: /Let payers pay without gas/ }).check()
    await expect
      .poll(() => relayer.getByRole('checkbox', { name: /Let payers pay without gas/ }).isChecked())
      .toBe(true)
    await relayer.getByRole('status').filter({ hasText: 'Saved: payers can pay without gas on' }).waitFor()
    await checkScreen(payee, 'relayer-settings')

    await payee.goto(new URL('/new', payee.url()).href)
    await payee.getByLabel('Amount').fill('12.50')
    await payee.getByLabel(/^Memo/).fill('Paid without gas')
    await payee.getByRole('button', { name: 'Sign and create request' }).click()
    await payee.waitForURL(/\/requests\/[A-Za-z0-9]{16}$/)
    const payLink = await payee.getByRole('textbox', { name: 'Pay link' }).inputValue()

    const payer = await personAt(new URL(payLink).pathname, 9, { signIn: false })
    await payer.getByTestId('signature-verified').waitFor()
    // The payer opens the dev wallet's popup and asks for an account with tokens and no ETH.
    const popup = await payer.context().newPage()
    await popup.goto(`chrome-extension://${unpackedExtensionId(devWalletDir)}/popup.html`)
    await popup.getByRole('button', { name: 'Account with tokens, no ETH' }).click()
    await popup.getByText(/^Done: the page switches/).waitFor()
    await popup.close()
    await expect
      .poll(() => payer.getByTestId('payer-balance').textContent(), { timeout: 20_000 })
      .toMatch(/1,000\.00 USDC/)
    expect(await publicClient.getBalance({ address: payerAddress })).toBe(0n)
    const gasless = payer.getByRole('button', { name: 'Pay 12.50 USDC without gas' })
    await gasless.waitFor()
    // Without ETH for the fee, paying without gas is the one way offered.
    expect(await payer.getByTestId('pay-button').count()).toBe(0)
    await checkScreen(payer, 'pay-without-gas')
    await gasless.click()
    // The relay's answer or the watcher's *paid*, whichever reaches the page first (a busy server answers late).
    await payer.getByTestId('payment-sent').or(payer.getByTestId('paid-outcome')).waitFor({ timeout: 30_000 })
    expect(await payer.getByRole('alert').allTextContents()).toEqual([])
    await expect.poll(() => statusOf(payer), { timeout: 15_000 }).toBe('paid')
    await expect.poll(() => statusOf(payee), { timeout: 15_000 }).toBe('paid')
    expect(await publicClient.getBalance({ address: payerAddress })).toBe(0n)
    expect(
      await publicClient.readContract({
        address: DEV_USDC_ADDRESS,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [payerAddress],
      }),
    ).toBe(987_500_000n)
  })
})
