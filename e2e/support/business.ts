import type { Page } from 'playwright-core'
import { personAt } from './people.ts'

/** The owner's invitation link for `role` (as the Team page names it), from the Team page. */
export async function inviteMember(owner: Page, role: 'Admin' | 'Accountant' | 'Cashier' | 'Developer') {
  await owner.getByRole('link', { name: 'Team' }).click()
  await owner.getByRole('radio', { name: new RegExp(role) }).check()
  await owner.getByRole('button', { name: 'Make an invitation link' }).click()
  return (await owner.getByTestId('invitation-link').textContent())!
}

/** A member's own wallet, in a browser of its own, that opens the invitation `link`, joins by signing and opens the business. */
export async function joinBusiness(link: string, account: number): Promise<Page> {
  const member = await personAt(new URL(link).pathname, account, { signIn: false })
  await member.getByRole('button', { name: 'Sign and join' }).click()
  await member.getByTestId('joined').waitFor()
  await member.getByRole('link', { name: 'Open the business' }).click()
  await member.getByTestId('signed-in').waitFor()
  return member
}

/** The owner's till named `name`, counting in EUR, paid in USDC, made from the point of sale page, which stays open. */
export async function setUpTill(owner: Page, name: string) {
  await owner.getByRole('link', { name: 'Point of sale' }).click()
  await owner.getByLabel('Name', { exact: true }).fill(name)
  await owner.getByLabel('Keypad counts in').selectOption('EUR')
  await owner.getByLabel(/^Tip choices/).fill('10, 15')
  await owner.getByRole('button', { name: 'Create the till' }).click()
  await owner.getByRole('link', { name: 'Open the till' }).first().waitFor()
}

/** Types an amount on the till's keypad, as a cashier's taps. */
export async function typeAmount(till: Page, digits: string) {
  const keypad = till.getByRole('group', { name: 'Amount' })
  for (const digit of digits) await keypad.getByRole('button', { name: digit, exact: true }).click()
}
