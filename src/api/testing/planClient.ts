import { createPublicClient, http } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { devChain } from '../../chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { delegationToSign } from '../../domain/delegation.ts'
import {
  periodicPermissionOfRequest,
  periodicPermissionRequestSchema,
} from '../../domain/periodicPermission/executionPermission.ts'
import { grantedByDevAccount } from '../../../testing/deleGatorPayer.ts'
import { graphql } from './graphqlClient.ts'

const PREPARE = `mutation($input: PlanInput!) { preparePlan(input: $input) { id payee delegate keyName expiresAt walletSigns } }`
const CREATE = `mutation($id: String!, $sig: String) { createPlan(id: $id, delegationSignature: $sig) { id name } }`
const REQUEST = `query($planId: String!, $startTime: Int!) { subscriptionPermissionRequest(planId: $planId, startTime: $startTime) }`
const START = `mutation($planId: String!, $permission: String!, $startTime: Int!) {
  startSubscription(planId: $planId, permission: $permission, startTime: $startTime) { id state } }`

/** A monthly plan of 25 USDC, as the Plans screen sends it. */
export const planInput = (overrides: Record<string, unknown> = {}) => ({
  chainId: 31337,
  asset: DEV_USDC_ADDRESS,
  amount: '25',
  name: 'Pro, monthly',
  interval: 'month',
  ...overrides,
})

/**
 * A plan made as the app makes it: prepared, its delegation signed by the payee's wallet (not for a
 * member's: the members' delegate signs for it), created.
 */
export async function createPlan(
  url: string,
  cookie: string,
  payee: PrivateKeyAccount,
  input: Record<string, unknown> = planInput(),
) {
  const prepared = await graphql<{
    preparePlan: {
      id: string
      payee: string
      delegate: string
      keyName: string
      expiresAt: string
      walletSigns: boolean
    }
  }>(url, PREPARE, { variables: { input }, cookie })
  if (!prepared.data) return { errors: prepared.errors }
  const pending = prepared.data.preparePlan
  const signature = pending.walletSigns ? await payee.signTypedData(delegationToSign(pending)) : null
  const created = await graphql<{ createPlan: { id: string; name: string } }>(url, CREATE, {
    variables: { id: prepared.data.preparePlan.id, sig: signature },
    cookie,
  })
  return { plan: created.data?.createPlan, errors: created.errors }
}

/** Dev account `payer` starts the plan as its page does: from the chain's time, its wallet granting what the plan asks. */
export async function subscribeToPlan(url: string, rpcUrl: string, planId: string, payer: number) {
  const client = createPublicClient({ chain: devChain(rpcUrl), transport: http(rpcUrl) })
  const startTime = Number((await client.getBlock()).timestamp)
  const asked = await graphql<{ subscriptionPermissionRequest: string }>(url, REQUEST, {
    variables: { planId, startTime },
  })
  const request = periodicPermissionRequestSchema.parse(JSON.parse(asked.data!.subscriptionPermissionRequest))
  const granted = await grantedByDevAccount(rpcUrl, payer, periodicPermissionOfRequest(request))
  const started = await graphql<{ startSubscription: { id: string; state: string } }>(url, START, {
    variables: { planId, permission: JSON.stringify(granted), startTime },
  })
  return { subscription: started.data?.startSubscription, errors: started.errors }
}
