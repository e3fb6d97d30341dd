import { deceptiveTextProblem } from '../displayText.ts'

/** A seller or buyer as the invoice names them. */
export type InvoiceParty = { name: string; address: string; taxId: string; email: string }
export type PartyDraft = InvoiceParty

const MAX_NAME = 120
const MAX_ADDRESS = 300
const MAX_TAX_ID = 40
const MAX_EMAIL = 254
// One address, no display name, no spaces or line breaks: nothing a mail header could be split on.
const EMAIL = /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/

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
  if (party.email && (party.email.length > MAX_EMAIL || !EMAIL.test(party.email)))
    errors[`${at}.email`] =
      party.email.length > MAX_EMAIL
        ? `E-mail can be at most ${MAX_EMAIL} characters.`
        : 'E-mail must be one address such as name@example.com, with no spaces or line breaks.'
  return Object.keys(errors).length === before ? party : undefined
}
