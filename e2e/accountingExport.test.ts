import type { Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { closeBrowsers, personAt } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

afterEach(closeBrowsers)

/** Moves within the app as its own links do, keeping the wallet's connection. */
const go = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)

/** What the download link gives, fetched in the page with its session: the first line, and the bytes' charset. */
const downloaded = (page: Page) =>
  page.evaluate(async () => {
    const link = document.querySelector<HTMLAnchorElement>('[data-testid="accounting-download"]')!
    const response = await fetch(link.href)
    const bytes = new Uint8Array(await response.arrayBuffer())
    return {
      href: link.getAttribute('href')!,
      type: response.headers.get('content-type'),
      // Latin-1 keeps the bytes one per character: what a Windows-1252 reader sees for the header.
      firstLine: new TextDecoder('latin1').decode(bytes).split('\r\n')[0]!,
    }
  })

describe('exports for accounting software', () => {
  it('the payee sets their DATEV numbers and chart, then downloads the month as DATEV and Xero files', async () => {
    const payee = await personAt('/settings', 9, { signIn: true })
    await payee.getByLabel('Currency of your books').selectOption('EUR')
    await payee.getByTestId('books-saved').waitFor()

    const form = payee.getByRole('form', { name: 'DATEV export' })
    await form.getByLabel('Chart of accounts').selectOption('SKR04')
    // The chart's own accounts show as placeholders: an empty field books to them.
    expect(await form.getByLabel('Relayer fees').getAttribute('placeholder')).toBe('6855')
    await form.getByLabel('Consultant number').fill('12')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByText('Enter the DATEV consultant number your tax adviser gave you, from 1001 to 9999999.').waitFor()
    await form.getByLabel('Consultant number').fill('29098')
    await form.getByLabel('Client number').fill('55003')
    await form.getByLabel('Relayer fees').fill('6859')
    await form.getByRole('button', { name: 'Save' }).click()
    await payee.getByTestId('accounting-saved').waitFor()
    await checkScreen(payee, 'settings-datev')

    await go(payee, '/statements')
    const month = await payee.getByRole('textbox', { name: 'Month' }).inputValue()
    await payee.getByRole('heading', { name: 'Export for your accounting software' }).waitFor()
    const datev = await downloaded(payee)
    expect(datev.href).toContain(`format=datev&from=${month}-01&to=${month}-`)
    expect(datev.type).toBe('text/csv; charset=windows-1252')
    expect(datev.firstLine).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;\d{17};;"RE";"Billfold";"";29098;55003;/)
    expect(datev.firstLine.split(';')[26]).toBe('"04"')

    await payee.getByLabel('File').selectOption({ label: 'Xero – bank statement' })
    await payee.getByLabel('From').fill(`${month}-02`)
    const xero = await downloaded(payee)
    expect(xero.href).toContain(`format=xero-statement&from=${month}-02`)
    expect(xero.type).toBe('text/csv; charset=utf-8')
    expect(xero.firstLine).toBe('Date,Amount,Payee,Description,Reference')
    await checkScreen(payee, 'statement-export')
  })
})
