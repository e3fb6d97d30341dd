import { afterEach, describe, expect, inject, it } from 'vitest'
import { alice, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { createInvoice, invoiceInput, sellerInput, setSellerDetails } from '../src/api/testing/invoiceClient.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { launchWithDevWallet, withDevWallet } from './support/chromium.ts'
import { closeBrowsers, connectDevWallet, openBrowsers } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

afterEach(closeBrowsers)

describe('a credit note', () => {
  it('cancels an unpaid invoice: the payer’s page says it can no longer be paid and links the note; the payee’s invoices list it', async () => {
    const app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0 })
    try {
      const { cookie } = await signIn(app.url, alice)
      await setSellerDetails(app.url, cookie, sellerInput())
      const invoice = (
        await createInvoice(app.url, cookie, alice, invoiceInput({ currency: undefined, asset: DEV_USDC_ADDRESS }))
      ).data!.createInvoice
      const cancelled = await graphql<{ cancelInvoice: { number: string; pdfPath: string } }>(
        app.url,
        'mutation($id: String!) { cancelInvoice(requestId: $id, reason: "Ordered twice") { number pdfPath } }',
        { variables: { id: invoice.requestId }, cookie },
      )
      const note = cancelled.data!.cancelInvoice
      expect(note.number).toBe('CN-0001')

      const payer = await launchWithDevWallet()
      openBrowsers.push(payer)
      await payer.page.goto(`${app.url}/pay/${invoice.requestId}`)
      await payer.page.getByText('The payee cancelled this request. Do not pay it.').waitFor()
      const notes = payer.page.getByTestId('credit-notes')
      await notes.getByText('This invoice was cancelled by credit note CN-0001: it can no longer be paid.').waitFor()
      expect(await notes.getByRole('link').getAttribute('href')).toBe(note.pdfPath)
      await checkScreen(payer.page, 'invoice-cancelled-pay')

      const payee = await launchWithDevWallet()
      openBrowsers.push(payee)
      await payee.page.goto(
        withDevWallet(`${app.url}/invoices`, { account: 0, chains: { '31337': inject('anvilUrl') } }),
      )
      await connectDevWallet(payee.page)
      await payee.page.getByRole('button', { name: 'Sign in' }).click()
      await payee.page.getByTestId('signed-in').waitFor()
      const listed = payee.page.getByTestId('invoice-credit-notes').getByRole('link', { name: 'CN-0001' })
      await listed.waitFor()
      expect(await listed.getAttribute('href')).toBe(note.pdfPath)
      await checkScreen(payee.page, 'invoices-credit-notes')
    } finally {
      await app.close()
    }
  })
})
