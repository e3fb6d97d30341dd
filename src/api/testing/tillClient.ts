import type { Address } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { delegationToSign } from '../../domain/delegation.ts'
import { graphql } from './graphqlClient.ts'

const PREPARE_TILL =
  'mutation($input: TillInput!) { prepareTill(input: $input) { id payee delegate keyName expiresAt } }'
const CREATE_TILL = 'mutation($id: String!, $sig: String!) { createTill(id: $id, delegationSignature: $sig) { id } }'

/** A till as the payee's page makes one: prepared, its delegation signed by the payee's wallet, created. */
export async function createTill(
  url: string,
  cookie: string,
  payee: PrivateKeyAccount,
  input: Record<string, unknown>,
) {
  const prepared = await graphql<{
    prepareTill: { id: string; payee: Address; delegate: Address; keyName: string; expiresAt: string }
  }>(url, PREPARE_TILL, { variables: { input }, cookie })
  if (!prepared.data) return { errors: prepared.errors, id: undefined }
  const pending = prepared.data.prepareTill
  const signature = await payee.signTypedData(delegationToSign(pending))
  const created = await graphql<{ createTill: { id: string } }>(url, CREATE_TILL, {
    variables: { id: pending.id, sig: signature },
    cookie,
  })
  return { errors: created.errors, id: created.data?.createTill.id }
}

export type ChargedSale = {
  id: string
  subtotal: string
  tip: string
  total: string
  paymentUri: string
  request: { id: string; amount: string; amountDecimal: string; status: string }
}
const CHARGE =
  'mutation($id: String!, $input: TillSaleInput!) { chargeSale(id: $id, input: $input) { id subtotal tip total paymentUri request { id amount amountDecimal status } } }'

/** Charges a sale at a till as its keypad does. */
export const chargeSale = (url: string, cookie: string, tillId: string, input: Record<string, unknown>) =>
  graphql<{ chargeSale: ChargedSale }>(url, CHARGE, { variables: { id: tillId, input }, cookie })
