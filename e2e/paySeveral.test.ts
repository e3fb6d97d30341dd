import { afterEach, describe, expect, inject, it } from 'vitest'
import { alice, bob, signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { withDevWallet } from './support/chromium.ts'
import { closeBrowsers, connectDevWallet, personAt } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

afterEach(closeBrowsers)

describe('several requests in one confirmation', () => {
  it('a payer pays three requests of two payees, opened in this browser, with one wallet confirmation; each turns paid and one receipt lists each', async () => {
    const appUrl = inject('appUrl')
    const asAlice = (await signIn(appUrl, alice)).cookie
    const asBob = (await signIn(appUrl, bob)).cookie
    const requests = [
      await createRequest(appUrl, asAlice, alice, { amount: '1.10', memo: 'Batch design' }),
      await createRequest(appUrl, asBob, bob, { amount: '2.20', memo: 'Batch copy' }),
      await createRequest(appUrl, asAlice, alice, { amount: '3.30', memo: 'Batch review' }),
    ]
    const wallet = { account: 5, chains: { '31337': inject('anvilUrl') } }
    const payer = await personAt(`/pay/${requests[0]!.id}`, 5, { signIn: false })
    await payer.getByTestId('request-amount').waitFor()
    for (const request of requests.slice(1)) {
      await payer.goto(withDevWallet(new URL(`/pay/${request.id}`, appUrl).href, wallet))
      await payer.getByTestId('request-amount').waitFor()
    }

    await payer.getByTestId('pay-several-link').click()
    const choices = payer.getByTestId('pay-several-request')
    await choices.filter({ hasText: 'Batch review' }).waitFor({ timeout: 15_000 })
    for (const memo of ['Batch design', 'Batch copy', 'Batch review'])
      await choices.filter({ hasText: memo }).getByRole('checkbox').check()
    expect(await payer.getByTestId('pay-several-total').textContent()).toMatch(/^Total: 6\.60 USDC \(3 requests on /)
    if ((await payer.getByTestId('account-address').count()) === 0) await connectDevWallet(payer)
    await checkScreen(payer, 'pay-several')
    await payer.getByRole('button', { name: 'Pay 3 requests in one confirmation' }).click()

    const receipt = payer.getByTestId('batch-receipt')
    await receipt.waitFor({ timeout: 15_000 })
    const lines = receipt.getByTestId('batch-receipt-line')
    await expect
      .poll(() => lines.getByTestId('request-status').evaluateAll((s) => s.map((e) => e.getAttribute('data-status'))), {
        timeout: 30_000,
      })
      .toEqual(['paid', 'paid', 'paid'])
    const listed = await lines.allTextContents()
    for (const memo of ['Batch design', 'Batch copy', 'Batch review'])
      expect(listed.filter((line) => line.includes(memo))).toHaveLength(1)
    expect(await lines.getByTestId('transaction-hash').count()).toBe(3)
    await checkScreen(payer, 'pay-several-receipt')
  })
})
