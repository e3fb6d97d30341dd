import type { Page } from 'playwright-core'
import { bytesToHex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../src/chain/devnet/setUpDevPriceFeeds.ts'
import { pay } from '../src/watcher/testing/payments.ts'
import { inviteMember, joinBusiness, setUpTill, typeAmount } from './support/business.ts'
import { payScannedUri } from './support/eip681.ts'
import { errorsFrom } from './support/pageGraphql.ts'
import { closeBrowsers, personAt, statusOf } from './support/people.ts'

afterEach(closeBrowsers)

const OWNER = 9
const ADMIN = 6
const CASHIER = 4
const ACCOUNTANT = 2
const PAYER = 1
// Wallets no other test uses: a business that has made no request yet, and its accountant.
const NEW_OWNER = 12
const NEW_ACCOUNTANT = 13

/** The owner's wallet as a shop's code holds it: to make a request through the API. */
const ownerKey = privateKeyToAccount(
  bytesToHex(
    mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: OWNER }).getHdKey()
      .privateKey!,
  ),
)

/** A request of the owner's for `amount` USDC, paid `paid` base units by the payer with its reference. */
async function paidRequest(amount: string, memo: string, paid: bigint) {
  const request = await openRequest(amount, memo)
  await pay(inject('anvilUrl'), { from: PAYER, to: ownerKey.address, amount: paid, reference: request.reference })
  return request
}

/** A request of the owner's for `amount` USDC, made through the API. */
async function openRequest(amount: string, memo: string) {
  const appUrl = inject('appUrl')
  const { cookie } = await signIn(appUrl, ownerKey)
  return createRequest(appUrl, cookie, ownerKey, { amount, memo })
}

/** The owner lets members make what the business signs (a refund, a request): once, on the Team page. */
async function authoriseMembers(owner: Page) {
  await owner.getByRole('link', { name: 'Team' }).click()
  const panel = owner.getByRole('region', { name: 'Requests made by members' })
  await panel.getByRole('button', { name: /^(Authorise|Renew) with my wallet$/ }).click()
  await panel.getByText(/^Members make requests, signed by/).waitFor()
  await owner.getByRole('link', { name: '← Your requests' }).click()
}

/** No button on the screen that moves money: refund, payout, send, pay. */
const moneyButtons = (page: Page) =>
  page
    .getByRole('button', { name: /refund|payout|pay out|send|^pay\b/i })
    .or(page.getByRole('link', { name: /payout|pay out|refund…/i }))

describe('members at work in Chromium', () => {
  it(
    'an admin cancels an unpaid request and prepares a refund of an overpayment, the owner’s wallet sends it from the request page; both see it from the chain and the audit log names each',
    async () => {
      const request = await paidRequest('10', 'Two seats, one used', 12_500_000n)
      const owner = await personAt('/', OWNER, { signIn: true })
      const admin = await joinBusiness(await inviteMember(owner, 'Admin'), ADMIN)
      await owner.getByRole('link', { name: '← Your requests' }).click()

      // What the admin makes is signed by the business's members' delegate, not their wallet: the
      // schedules page says so, and before the owner authorised it, that the owner must first.
      await admin.getByRole('link', { name: 'Recurring', exact: true }).click()
      const signer = admin.getByTestId('schedules-signer')
      await signer.filter({ hasText: /members’ delegate\. The owner must first authorise that delegate/ }).waitFor()
      await authoriseMembers(owner)
      await admin.reload()
      await signer
        .filter({ hasText: /by its members’ delegate, which the owner authorised: your wallet signs nothing/ })
        .waitFor()
      expect(await admin.getByText(/your wallet signs once/).count()).toBe(0)

      // The admin cancels a request nobody paid, as the owner would.
      const unpaid = await openRequest('4', 'Seat not taken')
      await admin.goto(new URL(`/requests/${unpaid.id}`, inject('appUrl')).href)
      await admin.getByRole('button', { name: 'Cancel request' }).click()
      await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel it' }).click()
      await expect.poll(() => statusOf(admin)).toBe('cancelled')

      await admin.goto(new URL(`/requests/${request.id}`, inject('appUrl')).href)
      await expect.poll(() => statusOf(admin), { timeout: 15_000 }).toBe('overpaid')
      // The admin's wallet sends nothing: the dialog asks it neither to change network nor to connect.
      const dialog = admin.getByRole('dialog')
      await admin.evaluate(() =>
        (window as unknown as { ethereum: { request(a: object): Promise<unknown> } }).ethereum.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: '0x14a34' }],
        }),
      )
      await admin.locator('[data-chain-id="84532"]').waitFor({ state: 'attached' })
      await admin.getByRole('button', { name: 'Refund…' }).click()
      await dialog.getByRole('button', { name: 'Refund 2.50 USDC' }).waitFor()
      expect(await dialog.getByRole('button', { name: /^Switch to/ }).count()).toBe(0)
      await dialog.getByRole('button', { name: 'Close' }).click()
      await admin.evaluate(() => window.dispatchEvent(new Event('devwallet:lock')))
      await admin.getByRole('button', { name: 'Connect wallet' }).waitFor()
      await admin.getByRole('button', { name: 'Refund…' }).click()
      expect(await dialog.getByRole('button', { name: 'Connect wallet' }).count()).toBe(0)
      expect(await dialog.getByRole('radio', { name: /above the amount asked: 2\.50 USDC/ }).isChecked()).toBe(true)
      expect(await dialog.getByLabel('Refund to').inputValue()).toBe(devAccounts[PAYER])
      await dialog.getByRole('button', { name: 'Refund 2.50 USDC' }).click()
      // The admin's wallet sends nothing: the refund is prepared for the business's own wallet.
      await dialog.getByTestId('refund-sent').getByText('Prepared.').waitFor()
      expect(await dialog.getByText('Refund sent.').count()).toBe(0)
      await dialog.getByRole('button', { name: 'Close' }).click()
      const adminLine = admin.getByTestId('refund-list').getByRole('listitem')
      await adminLine.getByTestId('refund-state').filter({ hasText: 'Prepared: the owner’s wallet sends it' }).waitFor()
      expect(await admin.getByRole('button', { name: 'Send from my wallet' }).count()).toBe(0)
      // Nothing went back yet: no refunded amount on the request.
      expect(await admin.getByTestId('request-refunded').count()).toBe(0)

      // The owner finds it on the request's page and sends it from the business's wallet.
      await owner.goto(new URL(`/requests/${request.id}`, inject('appUrl')).href)
      const ownerLine = owner.getByTestId('refund-list').getByRole('listitem')
      await ownerLine.getByTestId('refund-state').filter({ hasText: 'Waiting for your wallet’s transfer' }).waitFor()
      await ownerLine.getByRole('button', { name: 'Send from my wallet' }).click()
      // Sent: its transaction at once, and no button to send it twice while the chain has yet to record it.
      await ownerLine.getByTestId('refund-sent-waiting').waitFor()
      expect(await ownerLine.getByRole('button', { name: 'Send from my wallet' }).count()).toBe(0)
      await ownerLine.getByTestId('refund-state').filter({ hasText: 'Refunded' }).waitFor({ timeout: 15_000 })
      expect(await ownerLine.getByRole('button', { name: 'Send from my wallet' }).count()).toBe(0)
      expect(await owner.getByTestId('request-refunded').textContent()).toBe('2.50 USDC')
      const transaction = (await ownerLine.getByTestId('transaction-hash').textContent())!
      expect(transaction).toMatch(/^0x[0-9a-f]{64}$/)

      // The admin sees the same, recorded from the chain.
      await admin.reload()
      await adminLine.getByTestId('refund-state').filter({ hasText: 'Refunded' }).waitFor({ timeout: 15_000 })
      expect(await adminLine.getByTestId('transaction-hash').textContent()).toBe(transaction)
      expect(await admin.getByTestId('request-refunded').textContent()).toBe('2.50 USDC')
      await admin.getByTestId('refund-status').filter({ hasText: 'Partly refunded' }).waitFor()

      // The owner's audit log: who prepared it and who sent it.
      await owner.getByRole('link', { name: '← Your requests' }).click()
      await owner.getByRole('link', { name: 'Team' }).click()
      const log = owner.getByTestId('audit-log')
      const prepared = log.getByRole('row').filter({ hasText: 'Prepared a refund' })
      await prepared.waitFor()
      expect(await prepared.textContent()).toContain(devAccounts[ADMIN])
      expect(await prepared.textContent()).toMatch(/admin/i)
      const sent = log.getByRole('row').filter({ hasText: 'Sent a refund from the business’s wallet' })
      await sent.waitFor()
      expect(await sent.textContent()).toContain(devAccounts[OWNER])
      expect(await sent.textContent()).toMatch(/owner/i)
      // Sent by the business's wallet, as the chain showed it: from the chain, not a client's address.
      expect(await sent.getByRole('cell').last().textContent()).toBe('On chain')
    },
    // Two browsers, a payment and a refund on chain: longer than the suite's minute on a busy machine.
    120_000,
  )

  it('a cashier opens Tills, sees the till the owner made and no way to make one, charges a sale paid by a plain transfer, and the day’s report lists it', async () => {
    await refreshDevPriceFeeds(inject('anvilUrl'), devAccounts[0]!)
    const owner = await personAt('/', OWNER, { signIn: true })
    await setUpTill(owner, 'Market stall')
    await owner.getByRole('link', { name: '← Your requests' }).click()
    const cashier = await joinBusiness(await inviteMember(owner, 'Cashier'), CASHIER)
    // The business opens on its requests, which a cashier may not read: a word on where to work, not a
    // list loading for ever over totals of nothing.
    await cashier.getByTestId('not-your-role').waitFor()
    expect(await cashier.getByText('Loading your requests…').count()).toBe(0)
    expect(await cashier.getByText('Nothing received yet.').count()).toBe(0)
    expect(await cashier.getByRole('alert').allTextContents()).toEqual([])

    await cashier.getByRole('link', { name: 'Point of sale' }).click()
    await cashier.getByRole('heading', { level: 2, name: 'Market stall' }).waitFor()
    expect(await cashier.getByRole('button', { name: 'Create the till' }).count()).toBe(0)
    expect(await cashier.getByRole('form').count()).toBe(0)
    await cashier
      .getByRole('listitem')
      .filter({ has: cashier.getByRole('heading', { name: 'Market stall' }) })
      .getByRole('link', { name: 'Open the till' })
      .click()
    await cashier.waitForURL(/\/pos\/[A-Za-z0-9]{16}$/)
    await typeAmount(cashier, '725')
    await cashier.getByRole('button', { name: 'Charge €7.25' }).click()
    const qr = cashier.getByRole('img', { name: /^QR code for a wallet app/ })
    await payScannedUri(inject('anvilUrl'), PAYER, (await qr.getAttribute('data-qr-value'))!)
    await cashier.getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 })
    await cashier.getByRole('button', { name: 'Next sale' }).click()

    await cashier.getByRole('link', { name: 'Today’s report' }).click()
    await cashier.getByRole('heading', { name: 'Today at Market stall' }).waitFor()
    const rows = cashier.getByRole('row').filter({ hasText: 'Paid' })
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().textContent()).toContain('€7.25')
  }, 120_000)

  it('an accountant of a business with no requests yet is told they show up here, and offered no request to create', async () => {
    const owner = await personAt('/', NEW_OWNER, { signIn: true })
    await owner.getByRole('heading', { name: 'No requests yet' }).waitFor()
    const accountant = await joinBusiness(await inviteMember(owner, 'Accountant'), NEW_ACCOUNTANT)
    const empty = accountant.getByTestId('dashboard-empty')
    await empty.getByText('The business’s requests show up here as soon as someone creates one.').waitFor()
    expect(await accountant.getByRole('link', { name: 'Create your first request' }).count()).toBe(0)
    expect(await accountant.getByRole('link', { name: 'New request', exact: true }).count()).toBe(0)
  })

  it('an accountant reads the requests, the books and the exports with no button that moves money nor cancels, and the API refuses a refund with a sentence', async () => {
    const request = await paidRequest('3', 'Consulting hour', 3_000_000n)
    const owner = await personAt('/', OWNER, { signIn: true })
    const accountant = await joinBusiness(await inviteMember(owner, 'Accountant'), ACCOUNTANT)

    await accountant.getByRole('heading', { name: 'Your payment requests' }).waitFor()
    const row = accountant.getByRole('row').filter({ hasText: 'Consulting hour' }).first()
    await row.waitFor()
    expect(await accountant.getByRole('link', { name: 'New request', exact: true }).count()).toBe(0)
    expect(await accountant.getByRole('link', { name: /Create your first/ }).count()).toBe(0)
    expect(await moneyButtons(accountant).count(), 'requests').toBe(0)

    await row.getByRole('link', { name: '3.00 USDC' }).click()
    await expect.poll(() => statusOf(accountant), { timeout: 15_000 }).toBe('paid')
    await accountant.getByRole('heading', { name: 'Refunds' }).waitFor()
    expect(await moneyButtons(accountant).count(), 'request').toBe(0)

    await accountant.goto(new URL('/statements', inject('appUrl')).href)
    await accountant.getByRole('link', { name: /CSV/ }).first().waitFor()
    expect(await moneyButtons(accountant).count(), 'statements').toBe(0)

    // Nor may they cancel a request, which the owner and admins may.
    const unpaid = await openRequest('5', 'Quote for next month')
    await accountant.goto(new URL(`/requests/${unpaid.id}`, inject('appUrl')).href)
    await expect.poll(() => statusOf(accountant)).toBe('open')
    expect(await accountant.getByRole('button', { name: 'Cancel request' }).count()).toBe(0)

    const refused = await errorsFrom(
      accountant,
      `mutation { prepareRefund(requestId: "${request.id}", amount: "1", to: "${devAccounts[PAYER]}") { id } }`,
    )
    expect(refused).toEqual([
      { code: 'FORBIDDEN', message: expect.stringMatching(/^As accountant of this business you may not/) },
    ])
  })
})
