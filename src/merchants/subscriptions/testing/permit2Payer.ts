// A dev account subscribing through Permit2, as the plan page has its wallet do: approve Permit2 once, sign the permit.
import { erc20Abi, maxUint256, type Address } from 'viem'
import { keyedDevAccount } from '../../../../testing/deleGatorPayer.ts'
import { PERMIT2_ADDRESS, permitSingleTypedData } from '../../../domain/permit2/permit2.ts'
import { askedPermit, readPermit2Allowance } from '../../../payments/subscriptions/permit2/permit2Grant.ts'
import type { PlanRow } from '../planStore.ts'
import { askedPermit2 } from '../subscriptionPermissions.ts'
import { planTerms, startSubscription } from '../subscriptionStore.ts'
import { anvil, chainTime, client, servers } from './chargingHarness.ts'

/** Dev account `index` approves Permit2 for `token` (once) and signs the permit `planRow` asks, starting now. */
export async function signedPermit2(planRow: PlanRow, index: number, startsAt: Date) {
  const payer = keyedDevAccount(anvil.rpcUrl, index)
  const ask = askedPermit2(await planTerms(servers[0]!.db, planRow, startsAt))
  const approved = await client().readContract({
    address: ask.token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [payer.account.address, PERMIT2_ADDRESS],
  })
  if (approved < ask.total)
    await payer.waitForTransactionReceipt({
      hash: await payer.writeContract({
        address: ask.token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [PERMIT2_ADDRESS, maxUint256],
      }),
      pollingInterval: 20,
    })
  const { nonce } = await readPermit2Allowance(client(), payer.account.address, ask.token, ask.spender)
  const permit = askedPermit(ask, nonce)
  const signature = await payer.signTypedData(permitSingleTypedData(permit, 31337))
  return {
    ask,
    payer,
    answer: {
      mechanism: 'permit2',
      owner: payer.account.address as Address,
      permit: JSON.parse(JSON.stringify(permit, (_, v) => (typeof v === 'bigint' ? String(v) : v))) as unknown,
      signature,
    },
  }
}

/** Dev account `index` starts `planRow` through Permit2 now by the chain's clock. */
export async function subscribeWithPermit2(planRow: PlanRow, index: number) {
  const startsAt = await chainTime()
  const { answer, payer, ask } = await signedPermit2(planRow, index, startsAt)
  const row = await startSubscription(
    servers[0]!.db,
    planRow,
    { permission: answer, startTime: startsAt.getTime() / 1000 },
    startsAt,
    undefined,
    client(),
  )
  return { row, payer, ask }
}
