import { deceptiveTextProblem } from '../displayText.ts'
import { emailProblem } from '../emailAddress.ts'

/**
 * A seller or buyer as the invoice names them. `address` is printed as written; a version 2 document
 * also has the postal parts an e-invoice needs (postcode, city, ISO 3166 country), a VAT id beside
 * the tax number, and a telephone number (the seller's contact, which XRechnung asks for).
 */
export type InvoiceParty = {
  name: string
  address: string
  taxId: string
  email: string
  postcode?: string
  city?: string
  country?: string
  vatId?: string
  phone?: string
}
export type PartyDraft = InvoiceParty

const MAX_NAME = 120
const MAX_ADDRESS = 300
const MAX_TAX_ID = 40
const MAX_PLACE = 80

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })

/** Whether `code` is an ISO 3166-1 alpha-2 country code (DE, FR, US). */
export const isCountryCode = (code: string) => /^[A-Z]{2}$/.test(code) && regionNames.of(code) !== undefined

/** The address as printed: the street lines, then postcode and city, then the country's code. */
export function printedAddress(party: InvoiceParty): string {
  const place = [party.postcode, party.city].filter(Boolean).join(' ')
  return [party.address, place, party.country ?? ''].filter(Boolean).join('\n')
}

function oneLine(label: string, value: string, max: number): string | undefined {
  return [...value].length > max ? `${label} can be at most ${max} characters.` : deceptiveTextProblem(label, value)
}

/**
 * The rules of a party's details; errors go into `errors` under `${at}.field`. The address may span
 * lines (it is printed as written); every other field is one line.
 */
export function checkParty(draft: PartyDraft, at: string, errors: Record<string, string>): InvoiceParty | undefined {
  const before = Object.keys(errors).length
  const party: InvoiceParty = {
    name: draft.name.trim(),
    address: draft.address.trim().replace(/\r\n/g, '\n'),
    taxId: draft.taxId.trim(),
    email: draft.email.trim(),
    postcode: (draft.postcode ?? '').trim(),
    city: (draft.city ?? '').trim(),
    country: (draft.country ?? '').trim().toUpperCase(),
    vatId: (draft.vatId ?? '').trim().replace(/\s+/g, ''),
    phone: (draft.phone ?? '').trim(),
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
  const postcode = oneLine('Postcode', party.postcode!, 20)
  if (postcode) errors[`${at}.postcode`] = postcode
  const city = oneLine('City', party.city!, MAX_PLACE)
  if (city) errors[`${at}.city`] = city
  if (party.country && !isCountryCode(party.country))
    errors[`${at}.country`] = 'Country must be a two-letter ISO 3166 code such as DE, FR or US.'
  // A VAT id starts with its country's prefix (EL for Greece, XI for Northern Ireland): DE123456789.
  if (party.vatId && !/^[A-Z]{2}[A-Z0-9+*.]{2,13}$/.test(party.vatId))
    errors[`${at}.vatId`] = 'VAT id must start with its two-letter country prefix, such as DE123456789.'
  if (party.phone && (!/^\+?[0-9 ()./-]{3,30}$/.test(party.phone) || party.phone.replace(/\D/g, '').length < 3))
    errors[`${at}.phone`] = 'Telephone must be digits, spaces and + ( ) - / . only, such as +49 30 1234567.'
  return Object.keys(errors).length === before ? party : undefined
}
