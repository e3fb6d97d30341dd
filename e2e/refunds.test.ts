import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Hex } from 'viem'
import { alice, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import { chainClients, pay } from '../src/watcher/testing/payments.ts'
import { closeBrowsers, personAt, statusOf } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

afterEach(closeBrowsers)

describe('a refund', () => {
  it('the payee refunds an overpayment from the request page with the dev wallet; both sides see it recorded from the chain', async () => {
    const appUrl = inject('appUrl')
    const { cookie } = await signIn(appUrl, alice)
    const request = await createRequest(appUrl, cookie, alice, { amount: '10', memo: 'Workshop seat' })
    const payerAddress = devAccounts[4]!
    await pay(inject('anvilUrl'), { from: 4, to: alice.address, amount: 12_500_000n, reference: request.reference })

    const payee = await personAt(`/requests/${request.id}`, 0, { signIn: true })
    await expect.poll(() => statusOf(payee), { timeout: 15_000 }).toBe('overpaid')
    await payee.getByRole('button', { name: 'Refund…' }).click()
    const dialog = payee.getByRole('dialog')
    await dialog.getByText('Up to 12.50 USDC can be refunded').waitFor()
    // The excess is offered first, to the address that paid.
    expect(await dialog.getByRole('radio', { name: /above the amount asked: 2\.50 USDC/ }).isChecked()).toBe(true)
    expect(await dialog.getByLabel('Refund to').inputValue()).toBe(payerAddress)
    await checkScreen(payee, 'refund-dialog')
    await dialog.getByRole('button', { name: 'Refund 2.50 USDC' }).click()
    await dialog.getByTestId('refund-sent').waitFor({ timeout: 15_000 })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await payee.getByTestId('refund-state').filter({ hasText: 'Refunded' }).waitFor({ timeout: 15_000 })
    await payee.getByTestId('refund-status').filter({ hasText: 'Partly refunded' }).waitFor()
    expect(await payee.getByTestId('request-refunded').textContent()).toBe('2.50 USDC')

    const payer = await personAt(`/pay/${request.id}`, 4, { signIn: false })
    await payer.getByTestId('paid-outcome').waitFor({ timeout: 15_000 })
    const line = payer.getByTestId('refund-line')
    expect(await line.textContent()).toMatch(/^Refunded 2\.50 USDC to 0x15d3…6A65: 0x[0-9a-f]{64}$/)
    await payer.getByTestId('refund-status').filter({ hasText: 'Partly refunded' }).waitFor()
    await checkScreen(payer, 'refund-pay')
    await payer.getByRole('link', { name: 'View receipt' }).click()
    await payer.getByTestId('refund-line').waitFor()
  })

  it('a refund sent to another address than the one that paid is shown to the payer as exactly that, on the pay page and the receipt', async () => {
    const appUrl = inject('appUrl')
    const anvilUrl = inject('anvilUrl')
    const { cookie } = await signIn(appUrl, alice)
    const request = await createRequest(appUrl, cookie, alice, { amount: '4', memo: 'Returned order' })
    await pay(anvilUrl, { from: 4, to: alice.address, amount: 4_000_000n, reference: request.reference })
    await expect.poll(async () => (await receivedOf(appUrl, request.id)).received, { timeout: 15_000 }).toBe('4000000')
    // The payee refunds to the exchange account the payer named, not the wallet that paid.
    const exchange = devAccounts[7]!
    const prepared = await graphql<{ prepareRefund: { transaction: { to: Hex; value: string; data: Hex } } }>(
      appUrl,
      'mutation($r: String!, $to: String) { prepareRefund(requestId: $r, amount: "4", to: $to) { transaction { to value data } } }',
      { variables: { r: request.id, to: exchange }, cookie },
    )
    const { walletOf, publicClient } = chainClients(anvilUrl)
    const { transaction } = prepared.data!.prepareRefund
    const hash = await walletOf(0).sendTransaction({ ...transaction, value: BigInt(transaction.value) })
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    await expect.poll(async () => (await receivedOf(appUrl, request.id)).refunded, { timeout: 15_000 }).toBe('4000000')

    const payer = await personAt(`/pay/${request.id}`, 4, { signIn: false })
    const line = payer.getByTestId('refund-line')
    await line.waitFor({ timeout: 15_000 })
    const said = `Refunded 4.00 USDC to ${exchange}, not to the address that paid: ${hash}`
    expect(await line.textContent()).toBe(said)
    await payer.getByRole('link', { name: 'View receipt' }).click()
    await payer.getByTestId('refund-line').waitFor()
    expect(await payer.getByTestId('refund-line').textContent()).toBe(said)
  })
})

const receivedOf = async (url: string, id: string) =>
  (
    await graphql<{ paymentRequest: { received: string; refunded: string } }>(
      url,
      'query($id: String!) { paymentRequest(id: $id) { received refunded } }',
      { variables: { id } },
    )
  ).data!.paymentRequest
