import { afterEach, describe, expect, inject, it } from 'vitest'
import { createPublicClient, createTestClient, createWalletClient, http, parseEther, parseUnits } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { alice, bob, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { devChain } from '../src/chain/chains.ts'
import { testUsdcAbi } from '../src/chain/devnet/testUsdcArtifact.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { withDevWallet } from './support/chromium.ts'
import { closeBrowsers, connectDevWallet, personAt } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

afterEach(closeBrowsers)

const SHORT_PAYER = 101
const LIST_PAYER = 5
const STATUS = 'query Status($id: String!) { paymentRequest(id: $id) { status } }'

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

  it('a batch that would fail pays none: the payer holds 2.00 USDC of the 6.60 asked, and the page says none was paid and why, each request still open', async () => {
    const appUrl = inject('appUrl')
    const anvilUrl = inject('anvilUrl')
    // A payer of its own (the mnemonic's 102nd account, which Anvil never funds): ETH for the fee and 2 USDC, less than the three requests ask.
    const account = mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: SHORT_PAYER,
    })
    const chain = devChain(anvilUrl)
    await createTestClient({ chain, mode: 'anvil', transport: http(anvilUrl) }).setBalance({
      address: account.address,
      value: parseEther('1'),
    })
    const wallet = createWalletClient({ chain, account, transport: http(anvilUrl) })
    await createPublicClient({ chain, transport: http(anvilUrl) }).waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: DEV_USDC_ADDRESS,
        abi: testUsdcAbi,
        functionName: 'mint',
        args: [account.address, parseUnits('2', 6)],
      }),
    })
    const asAlice = (await signIn(appUrl, alice)).cookie
    const asBob = (await signIn(appUrl, bob)).cookie
    const requests = [
      await createRequest(appUrl, asAlice, alice, { amount: '1.10', memo: 'Short design' }),
      await createRequest(appUrl, asBob, bob, { amount: '2.20', memo: 'Short copy' }),
      await createRequest(appUrl, asAlice, alice, { amount: '3.30', memo: 'Short review' }),
    ]
    const payer = await personAt(`/pay/${requests[0]!.id}`, SHORT_PAYER, { signIn: false })
    await payer.getByTestId('request-amount').waitFor()
    for (const request of requests.slice(1)) {
      await payer.goto(
        withDevWallet(new URL(`/pay/${request.id}`, appUrl).href, {
          account: SHORT_PAYER,
          chains: { '31337': anvilUrl },
        }),
      )
      await payer.getByTestId('request-amount').waitFor()
    }
    await payer.getByTestId('pay-several-link').click()
    const choices = payer.getByTestId('pay-several-request')
    await choices.filter({ hasText: 'Short review' }).waitFor({ timeout: 15_000 })
    for (const memo of ['Short design', 'Short copy', 'Short review'])
      await choices.filter({ hasText: memo }).getByRole('checkbox').check()
    if ((await payer.getByTestId('account-address').count()) === 0) await connectDevWallet(payer)
    await payer.getByRole('button', { name: 'Pay 3 requests in one confirmation' }).click()

    const said = payer.getByTestId('pay-several-none-paid')
    await said.waitFor({ timeout: 30_000 })
    expect(await said.textContent()).toBe(
      'None of the 3 requests was paid, and each is still open: your USDC balance (2.00 USDC) is less than their total (6.60 USDC).',
    )
    // Nothing moved: the three are still listed as open, and the payer still holds the 2 USDC.
    expect(await choices.count()).toBe(3)
    for (const request of requests) {
      const answer = await graphql<{ paymentRequest: { status: string } }>(appUrl, STATUS, {
        variables: { id: request.id },
      })
      expect(answer.data!.paymentRequest.status).toBe('open')
    }
    await checkScreen(payer, 'pay-several-none-paid')
  })

  it('a payee gives a payer one link to their open requests for them; the payer pays two of the three in one confirmation, the third stays open', async () => {
    const appUrl = inject('appUrl')
    const asAlice = (await signIn(appUrl, alice)).cookie
    const payerAddress = mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: LIST_PAYER,
    }).address
    const forPayer = { payer: payerAddress }
    const requests = [
      await createRequest(appUrl, asAlice, alice, { amount: '1.25', memo: 'List March', ...forPayer }),
      await createRequest(appUrl, asAlice, alice, { amount: '2.50', memo: 'List April', ...forPayer }),
      await createRequest(appUrl, asAlice, alice, { amount: '3.75', memo: 'List May', ...forPayer }),
    ]
    // Someone else's request of the same payee, and a request for anyone: neither is on this payer's list.
    await createRequest(appUrl, asAlice, alice, { amount: '9.00', memo: 'List other payer', payer: bob.address })
    await createRequest(appUrl, asAlice, alice, { amount: '9.50', memo: 'List anyone' })

    const payee = await personAt(`/requests/${requests[0]!.id}`, 0, { signIn: true })
    await payee.getByRole('button', { name: 'Make a link to all their open requests' }).click()
    const link = await payee.getByLabel('Link to their open requests').inputValue()
    expect(link).toMatch(/\/pay-several\?list=\w{16}$/)

    const payer = await personAt(new URL(link).pathname + new URL(link).search, LIST_PAYER, { signIn: false })
    const choices = payer.getByTestId('pay-several-request')
    await choices.first().waitFor({ timeout: 15_000 })
    expect((await choices.allTextContents()).map((c) => c.replace(/.* · /, ''))).toEqual([
      'List May',
      'List April',
      'List March',
    ])
    for (const memo of ['List March', 'List May']) await choices.filter({ hasText: memo }).getByRole('checkbox').check()
    await checkScreen(payer, 'pay-several-list')
    await payer.getByRole('button', { name: 'Pay 2 requests in one confirmation' }).click()
    const lines = payer.getByTestId('batch-receipt').getByTestId('batch-receipt-line')
    await expect
      .poll(() => lines.getByTestId('request-status').evaluateAll((s) => s.map((e) => e.getAttribute('data-status'))), {
        timeout: 30_000,
      })
      .toEqual(['paid', 'paid'])
    const statusOf = async (id: string) =>
      (await graphql<{ paymentRequest: { status: string } }>(appUrl, STATUS, { variables: { id } })).data!
        .paymentRequest.status
    expect(await Promise.all(requests.map((r) => statusOf(r.id)))).toEqual(['paid', 'open', 'paid'])

    // The same link now lists only what is left.
    await payer.goto(link)
    await choices.first().waitFor({ timeout: 15_000 })
    expect(await choices.allTextContents()).toEqual([expect.stringContaining('List April')])
  })
})
