import { afterEach, describe, expect, it } from 'vitest'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import { closeBrowsers, personAt } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

afterEach(closeBrowsers)

const recipients = devAccounts.slice(6, 9)

describe('a payout', () => {
  it('the payee pays three addresses from a CSV file in one confirmation; every line turns paid and a recipient’s receipt opens', async () => {
    const payee = await personAt('/payouts', 0, { signIn: true })
    await payee.getByRole('heading', { name: 'New payout' }).waitFor()
    // A typed line stays when a file is added; a file that cannot be read changes nothing and says its row.
    await payee.getByLabel('Recipient address').first().fill(recipients[0]!)
    await payee
      .getByLabel(/^Amount/)
      .first()
      .fill('1.25')
    await payee.getByLabel('Note for the recipient').first().fill('Typed by hand')
    const file = payee.getByLabel('Lines from a CSV file')
    await file.setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${recipients[1]},2,USDC,March,extra\n`),
    })
    expect(await payee.getByTestId('payout-file-problems').textContent()).toContain('Row 1 of the file')
    expect(await payee.getByTestId('payout-line').count()).toBe(1)
    await file.setInputFiles({
      name: 'contractors.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `address,amount,token,note\n${recipients[1]},2.50,USDC,March design\n${recipients[2]},0x1,USDC,March copy\n`,
      ),
    })
    await payee.getByTestId('payout-file-read').filter({ hasText: '2 lines read from contractors.csv.' }).waitFor()
    expect(await payee.getByTestId('payout-line').count()).toBe(3)
    expect(await payee.getByLabel('Recipient address').first().inputValue()).toBe(recipients[0])
    // Line 3's amount is named on its own field.
    const third = payee.getByTestId('payout-line').nth(2)
    expect(await third.getByRole('alert').textContent()).toBeTruthy()
    await third.getByLabel(/^Amount/).fill('3')
    await checkScreen(payee, 'payouts')
    await payee.getByRole('button', { name: 'Preview' }).click()
    const preview = payee.getByTestId('payout-preview')
    expect(await preview.getByTestId('payout-total').textContent()).toBe('Total 6.75 USDC (3 lines)')
    await payee.getByRole('button', { name: 'Confirm in wallet' }).click()

    await payee.waitForURL(/\/payouts\/[A-Za-z0-9]+$/, { timeout: 15_000 })
    await expect
      .poll(
        () =>
          payee.getByTestId('payout-line-state').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-paid'))),
        {
          timeout: 30_000,
        },
      )
      .toEqual(['true', 'true', 'true'])
    expect(await payee.getByTestId('payout-paid-count').textContent()).toBe('3 of 3 lines paid')
    await checkScreen(payee, 'payout')

    await payee.getByRole('link', { name: 'Receipt for line 2' }).click()
    await payee.getByTestId('payout-receipt').waitFor()
    expect(await payee.getByTestId('payout-receipt-amount').textContent()).toBe('2.50 USDC')
    expect(await payee.getByTestId('payout-receipt-unpaid').count()).toBe(0)
    await payee.getByTestId('transaction-hash').waitFor()
    await checkScreen(payee, 'payout-receipt')
  })
})
