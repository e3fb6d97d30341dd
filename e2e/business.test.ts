import { afterEach, describe, expect, it } from 'vitest'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import { inviteMember } from './support/business.ts'
import { codesFrom } from './support/pageGraphql.ts'
import { closeBrowsers, personAt } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

afterEach(closeBrowsers)

const OWNER = 7
const CASHIER = 8

describe('a business with a cashier in Chromium', () => {
  it('invites a cashier by link, who joins by signing, sees no keys nor refunds, and is signed out when removed', async () => {
    const owner = await personAt('/', OWNER, { signIn: true })
    const link = await inviteMember(owner, 'Cashier')
    expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{43}$/)
    await checkScreen(owner, 'team')

    const cashier = await personAt(new URL(link).pathname, CASHIER, { signIn: false })
    await expect
      .poll(() => cashier.getByTestId('invitation-offer').textContent())
      .toBe(`You are invited to join ${devAccounts[OWNER]} as Cashier.`)
    await cashier.getByRole('button', { name: 'Sign and join' }).click()
    await cashier.getByTestId('joined').waitFor()
    await cashier.getByRole('link', { name: 'Open the business' }).click()
    await cashier.getByTestId('signed-in').waitFor()
    await cashier.getByRole('heading', { name: 'Your payment requests' }).waitFor()
    for (const hidden of ['Developers', 'Settings', 'Team', 'New request'])
      expect(await cashier.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0)
    expect(await codesFrom(cashier, '{ myApiKeys { id } }')).toEqual(['FORBIDDEN'])
    expect(
      await codesFrom(
        cashier,
        'mutation { prepareRefund(requestId: "x", amount: "1", to: "0x0000000000000000000000000000000000000001") { id } }',
      ),
    ).toEqual(['FORBIDDEN'])

    await owner.reload()
    const row = owner.getByTestId('members').getByRole('listitem').filter({ hasText: devAccounts[CASHIER]! })
    await row.getByRole('button', { name: 'Remove' }).click()
    await row.waitFor({ state: 'detached' })
    // Each action reads as a sentence in the reader's language, not as the name it is recorded under.
    await owner.getByTestId('audit-log').getByText('Removed a member').waitFor()
    expect(await owner.getByTestId('audit-log').getByText('removeMember', { exact: true }).count()).toBe(0)
    await owner.evaluate(() => localStorage.setItem('billfold.language', 'de'))
    await owner.reload()
    await owner.getByTestId('audit-log').getByText('Mitglied entfernt').waitFor()
    expect(await owner.getByTestId('audit-log').getByText('Inhaber', { exact: true }).count()).toBeGreaterThan(0)

    await cashier.reload()
    await cashier.getByRole('button', { name: 'Sign in' }).first().waitFor()
    expect(await cashier.getByTestId('signed-in').count()).toBe(0)
  })
})
