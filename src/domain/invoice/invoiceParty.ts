import { deceptiveTextProblem } from '../displayText.ts'
import { emailProblem } from '../emailAddress.ts'

/** A seller or buyer as the invoice names them. */
export type InvoiceParty = { name: string; address: string; taxId: string; email: string }
export type PartyDraft = InvoiceParty

const MAX_NAME = 120
const MAX_ADDRESS = 300
const MAX_TAX_ID = 40

/**
 * The rules of a party's details; errors go into `errors` under `${at}.field`. The address may span
 * lines (it is printed as written); every other field is one line.
 */
export function checkParty(draft: PartyDraft, at: string, errors: Record<string, string>): InvoiceParty | undefined {
  const before = Object.keys(errors).length
  const party = {
    name: draft.name.trim(),
    address: draft.address.trim().replace(/\r\n/g, '\n'),
    taxId: draft.taxId.trim(),
    email: draft.email.trim(),
  }
  if (!party.name) errors[`${at}.name`] = 'Name is required.'
  else if ([...party.name].length > MAX_NAME) errors[`${at}.name`] = `Name can be at most ${MAX_NAME} characters.`
  else {
    const problem = deceptiveTextProblem('Name', party.name)
    if (problem) errors[`${at}.name`] = problem
  }
  const addressProblem =
    [...party.address].length > MAX_ADDRESS
      ? `Address can be at most ${MAX_ADDRESS} characters.`
      : deceptiveTextProblem('Address', party.address.replace(/\n/g, ' '))
  if (addressProblem) errors[`${at}.address`] = addressProblem
  const taxIdProblem =
    party.taxId.length > MAX_TAX_ID
      ? `Tax id can be at most ${MAX_TAX_ID} characters.`
      : deceptiveTextProblem('Tax id', party.taxId)
  if (taxIdProblem) errors[`${at}.taxId`] = taxIdProblem
  const email = draft.email.trim() ? emailProblem('E-mail', draft.email) : undefined
  if (email) errors[`${at}.email`] = email
  return Object.keys(errors).length === before ? party : undefined
}
