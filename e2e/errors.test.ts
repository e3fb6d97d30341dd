import { afterEach, describe, expect, it } from 'vitest'
import { closeBrowsers, personAt } from './support/people.ts'

afterEach(closeBrowsers)

// The API's names for these fields, and the server's English wording, which a person must never see.
const API_WORDING = /startsOn|payer must|must be|is in the past|\baddress\b/

describe('errors in the reader’s language', () => {
  it('in German, a schedule starting in the past and a request for a malformed payer are refused with German sentences under their fields', async () => {
    const payee = await personAt('/schedules', 0, { signIn: true })
    await payee.evaluate(() => localStorage.setItem('billfold.language', 'de'))
    await payee.reload()
    await payee.locator('#schedule-amount').fill('120')
    await payee.locator('#schedule-starts').fill('2020-01-06')
    await payee.locator('form:has(#schedule-starts) button[type=submit]').click()
    // The server refuses the date; the form says so under the field, in German, and keeps what was typed.
    const startError = payee.locator('#schedule-starts-error')
    await startError.waitFor({ timeout: 15_000 })
    expect(await startError.textContent()).toBe('Wählen Sie als Beginn heute oder ein späteres Datum.')
    expect(await payee.locator('#schedule-starts').getAttribute('aria-invalid')).toBe('true')
    expect(await payee.locator('#schedule-starts').inputValue()).toBe('2020-01-06')
    expect(await payee.locator('form:has(#schedule-starts)').textContent()).not.toMatch(API_WORDING)

    await payee.locator('a.brand').click()
    await payee.locator('a[href="/new"]').first().click()
    await payee.locator('#request-payer').fill('0x1234')
    await payee.locator('#request-payer').blur()
    const payerError = payee.locator('#request-payer-error')
    await payerError.waitFor()
    expect(await payerError.textContent()).toBe(
      'Geben Sie die Adresse des Zahlers ein, 0x gefolgt von 40 Zeichen, oder lassen Sie das Feld leer, damit jeder zahlen kann.',
    )
    expect(await payee.locator('#request-payer').inputValue()).toBe('0x1234')
  })
})
