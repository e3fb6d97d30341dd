import { afterEach, describe, expect, it } from 'vitest'
import { closeBrowsers, personAt } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

afterEach(closeBrowsers)

describe('a recurring request', () => {
  it('the payee creates a monthly schedule with the dev wallet; its first request is issued at once, and the payer’s stable link opens it', async () => {
    const payee = await personAt('/schedules', 0, { signIn: true })
    await payee.getByLabel('Amount each period').fill('120')
    await payee.getByLabel('Memo').fill('Hosting, monthly')
    expect(await payee.getByLabel('Every').inputValue()).toBe('month')
    await payee.getByRole('button', { name: 'Create and sign' }).click()
    const card = payee.getByTestId('schedule').filter({ hasText: 'Hosting, monthly' })
    await card.getByTestId('schedule-state').filter({ hasText: 'Active' }).waitFor({ timeout: 15_000 })
    // The first period starts today: its request is in the list without a reload.
    await card.getByRole('link', { name: /^Hosting, monthly · \d{4}-\d{2}-\d{2}$/ }).waitFor({ timeout: 15_000 })
    // The payee is handed a message that tells the payer it recurs, with the link.
    expect(await card.getByTestId('schedule-payer-message').textContent()).toMatch(
      /^Hosting, monthly: 120(\.00)? USDC, recurring \(Every month on day \d+.*\)\. Each period’s request is at http.*\/s\/[A-Za-z0-9]{16}$/,
    )
    await checkScreen(payee, 'schedules')
    const link = (await card.locator('.mono').first().textContent())!
    expect(link).toMatch(/\/s\/[A-Za-z0-9]{16}$/)

    const payer = await personAt(new URL(link).pathname, 5, { signIn: false })
    await payer.waitForURL(/\/pay\/[A-Za-z0-9]{16}$/, { timeout: 15_000 })
    await payer.getByTestId('signature-verified').waitFor()
    expect(await payer.getByTestId('request-amount').textContent()).toBe('120.00 USDC')
    expect(await payer.getByTestId('request-memo').textContent()).toMatch(/^Hosting, monthly · /)
  })
})
