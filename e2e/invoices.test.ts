import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { alice, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { createInvoice, invoiceInput, sellerInput, setSellerDetails } from '../src/api/testing/invoiceClient.ts'
import { invoices } from '../src/db/schema.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { launchWithDevWallet } from './support/chromium.ts'
import { closeBrowsers, openBrowsers, personAt, statusOf } from './support/people.ts'
import { checkScreen, screenshotDir } from './support/screens.ts'

afterEach(closeBrowsers)

const go = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)

const pdfOf = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer())
const pdfText = (pdf: Uint8Array) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8')
/** The PDF's first page as a reader draws it (poppler), for the documentation. */
const pictureFirstPage = (pdf: Uint8Array, name: string) =>
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', '-', join(screenshotDir, name)], {
    input: pdf,
  })

describe('an invoice', () => {
  it('a freelancer invoices three lines at two tax rates; the payer sees the lines and pays; the PDF then shows PAID with the transaction', async () => {
    const payee = await personAt('/settings', 0, { signIn: true })
    await payee.getByLabel('Legal name').fill('Ada Lovelace Consulting')
    await payee.getByLabel('Address (optional)', { exact: true }).fill('Kastanienallee 1\n10435 Berlin')
    await payee.getByLabel('VAT id (optional)', { exact: true }).fill('DE123456789')
    await payee.getByLabel('Invoice number pattern').fill('E2E-{seq:4}')
    await payee
      .getByTestId('seller-pattern-hint')
      .filter({ hasText: /Next invoice: E2E-\d{4}\.$/ })
      .waitFor()
    await payee.getByRole('button', { name: 'Save invoicing details' }).click()
    const saved = await payee.getByTestId('seller-saved').textContent()
    const number = /is (E2E-\d{4})\.$/.exec(saved ?? '')![1]!

    await go(payee, '/invoices/new')
    await payee.getByLabel('Buyer name').fill('Acme GmbH')
    await payee.getByLabel('Buyer address (optional)').fill('Hauptstraße 5\n80331 München')
    const lines = [
      ['Design workshop', '2', '450', '19'],
      ['Illustrations', '3', '120', '19'],
      ['Printed catalogue', '10', '4.5', '7'],
    ]
    for (const [i, [description, quantity, price, tax]] of lines.entries()) {
      if (i > 0) await payee.getByRole('button', { name: 'Add line' }).click()
      await payee.getByLabel(`Description, line ${i + 1}`).fill(description!)
      await payee.getByLabel(`Quantity, line ${i + 1}`).fill(quantity!)
      await payee.getByLabel(`Unit price, line ${i + 1}`).fill(price!)
      await payee.getByLabel(`Tax %, line ${i + 1}`).fill(tax!)
    }
    await payee.getByLabel('Priced in').selectOption({ label: 'USDC' })
    // 900 + 360 + 45 = 1,305 net; 19 % of 1,260 = 239.40 and 7 % of 45 = 3.15.
    expect(await payee.getByTestId('invoice-total').textContent()).toBe('1,547.55 USDC')
    await checkScreen(payee, 'invoice-create')
    await payee.getByRole('button', { name: `Sign and issue invoice ${number}` }).click()
    await payee.waitForURL(/\/requests\/[A-Za-z0-9]{16}$/)
    const payLink = await payee.getByRole('textbox', { name: 'Pay link' }).inputValue()
    const id = new URL(payLink).pathname.split('/').pop()!

    const payer = await personAt(new URL(payLink).pathname, 7, { signIn: false })
    await payer.getByTestId('signature-verified').waitFor()
    const panel = payer.getByTestId('invoice-panel')
    await panel.getByRole('heading', { name: `Invoice ${number}` }).waitFor()
    for (const [description] of lines) await panel.getByRole('cell', { name: description }).waitFor()
    expect(await panel.getByTestId('invoice-total').textContent()).toBe('1,547.55 USDC')
    await checkScreen(payer, 'invoice-pay')
    await payer.getByRole('button', { name: 'Pay 1,547.55 USDC' }).click()
    await payer.getByTestId('paid-outcome').waitFor({ timeout: 15_000 })
    await payee.reload()
    await expect.poll(() => statusOf(payee), { timeout: 15_000 }).toBe('paid')
    await payee.getByRole('link', { name: `Invoice ${number} (PDF)` }).waitFor()
    await payer.getByRole('link', { name: 'View receipt' }).click()
    await payer.getByRole('link', { name: 'Invoice as PDF (A4)' }).waitFor()

    const appUrl = inject('appUrl')
    const { data } = await graphql<{ paymentRequest: { payments: { txHash: string }[] } }>(
      appUrl,
      'query Paid($id: String!) { paymentRequest(id: $id) { payments { txHash } } }',
      { variables: { id } },
    )
    const pdf = await pdfOf(new URL(`/invoices/${id}.pdf`, appUrl).href)
    const text = pdfText(pdf)
    for (const expected of [
      'PAID',
      number,
      'Acme GmbH',
      'Design workshop',
      '1,547.55 USDC',
      data!.paymentRequest.payments[0]!.txHash,
    ])
      expect(text).toContain(expected)
    pictureFirstPage(pdf, 'invoice-pdf-en')
  })

  it('prints in Japanese, and a document changed after signing is shown as not what the payee signed', async () => {
    const app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0 })
    try {
      const { cookie } = await signIn(app.url, alice)
      await setSellerDetails(app.url, cookie, sellerInput({ legalName: '株式会社ラブレス設計' }))
      const made = await createInvoice(
        app.url,
        cookie,
        alice,
        invoiceInput({
          currency: undefined,
          asset: (await import('../src/chain/tokens.ts')).DEV_USDC_ADDRESS,
          language: 'ja',
          buyer: { name: '株式会社サンプル', address: '東京都千代田区1-1' },
          lines: [
            { description: 'ウェブサイト制作', quantity: '1', unitPrice: '1200', taxRate: '10' },
            { description: '保守（月額）', quantity: '3', unitPrice: '80', taxRate: '10' },
            { description: '印刷物', quantity: '2', unitPrice: '15.5', taxRate: '8' },
          ],
        }),
      )
      const invoice = made.data!.createInvoice
      const text = pdfText(await pdfOf(`${app.url}${invoice.pdfPath}`))
      for (const expected of ['請求書', '株式会社サンプル', 'ウェブサイト制作', invoice.number])
        expect(text).toContain(expected)
      pictureFirstPage(await pdfOf(`${app.url}${invoice.pdfPath}`), 'invoice-pdf-ja')

      // One line's description changed in the stored document, its totals untouched.
      await app.database.db
        .update(invoices)
        .set({ document: invoice.document.replace('保守（月額）', '保守（年額）') })
        .where(eq(invoices.requestId, invoice.requestId))
      const browser = await launchWithDevWallet()
      openBrowsers.push(browser)
      await browser.page.goto(`${app.url}/pay/${invoice.requestId}`)
      await browser.page.getByTestId('signature-invalid').waitFor()
      expect(await browser.page.getByTestId('signature-verified').count()).toBe(0)
    } finally {
      await app.close()
    }
  })
})
