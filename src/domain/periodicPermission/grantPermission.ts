import { toHex, type Account, type Chain, type Client, type Transport } from 'viem'
import { signTypedData } from 'viem/actions'
import { delegationTypedData, encodePermissionContext, ROOT_AUTHORITY, type Delegation } from './delegation.ts'
import type { ExecutionPermissionRequest, GrantedPermission } from './executionPermission.ts'
import { frameworkContracts } from './framework.ts'
import { periodicCaveats, type PeriodicPermission } from './periodicPermission.ts'
import { upgradeToDeleGator } from './smartAccount.ts'

/**
 * What a wallet does on `wallet_requestExecutionPermissions` for a periodic permission: upgrade
 * the account with EIP-7702 if it is not yet, sign a root delegation to the redeemer with the
 * permission's caveats, and answer the ERC-7715 response. `salt` keeps two grants of one plan apart.
 */
export async function grantPeriodicPermission(
  client: Client<Transport, Chain, Account>,
  permission: PeriodicPermission,
  request: ExecutionPermissionRequest,
  salt: bigint = BigInt(Date.now()),
): Promise<GrantedPermission> {
  await upgradeToDeleGator(client)
  const unsigned: Omit<Delegation, 'signature'> = {
    delegate: permission.redeemer,
    delegator: client.account.address,
    authority: ROOT_AUTHORITY,
    caveats: periodicCaveats(permission),
    salt,
  }
  const signature = await signTypedData(client, {
    account: client.account,
    ...delegationTypedData(unsigned, client.chain.id, frameworkContracts.DelegationManager),
  })
  return {
    chainId: toHex(client.chain.id),
    from: client.account.address,
    to: request.to,
    permission: { ...request.permission },
    context: encodePermissionContext([{ ...unsigned, signature }]),
    delegationManager: frameworkContracts.DelegationManager,
    dependencies: [],
  }
}
