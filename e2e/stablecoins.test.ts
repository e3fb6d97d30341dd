import { afterEach, describe, expect, it } from 'vitest'
import { closeBrowsers, personAt, statusOf } from './support/people.ts'

afterEach(closeBrowsers)

describe('every stablecoin of the chain, from the create form to paid', () => {
  it.each([
    ['EURC', '250.00 EURC'],
    ['USDT', '19.99 USDT'],
    ['DAI', '0.05 DAI'],
  ])(
    'the payee asks for %s in the form, a payer pays it with the dev wallet, both pages turn paid',
    async (symbol, shown) => {
      const payee = await personAt('/new', 0, { signIn: true })
      await payee.getByLabel('Asset').selectOption({ label: symbol })
      await payee.getByLabel('Amount').fill(shown.split(' ')[0]!)
      await payee.getByLabel(/^Memo/).fill(`Paid in ${symbol}`)
      await payee.getByRole('button', { name: 'Sign and create request' }).click()
      await payee.waitForURL(/\/requests\/[A-Za-z0-9]{16}$/)
      expect(await payee.getByTestId('request-amount').textContent()).toBe(shown)

      const payLink = await payee.getByRole('textbox', { name: 'Pay link' }).inputValue()
      const payer = await personAt(new URL(payLink).pathname, 7, { signIn: false })
      await payer.getByTestId('signature-verified').waitFor()
      expect(await payer.getByTestId('request-amount').textContent()).toBe(shown)
      await payer.getByRole('button', { name: `Pay ${shown}` }).click()
      await expect.poll(() => statusOf(payer), { timeout: 15_000 }).toBe('paid')
      await expect.poll(() => statusOf(payee), { timeout: 15_000 }).toBe('paid')
    },
  )
})
