import { concat, type Account, type Address, type Chain, type Client, type Hash, type Transport } from 'viem'
import { getCode, sendTransaction, signAuthorization, waitForTransactionReceipt } from 'viem/actions'
import { frameworkContracts } from './framework.ts'

/** The code an EIP-7702 account carries: the delegation designator and the implementation it runs. */
export const delegationDesignator = (implementation: Address = frameworkContracts.EIP7702StatelessDeleGatorImpl) =>
  concat(['0xef0100', implementation]).toLowerCase()

/** Whether `address` runs the framework's audited EIP-7702 account (what redeeming a delegation needs of a payer). */
export async function isDeleGatorAccount(client: Client, address: Address): Promise<boolean> {
  const code = await getCode(client, { address })
  return code?.toLowerCase() === delegationDesignator()
}

/**
 * Upgrades a key's own account to the framework's EIP7702StatelessDeleGator in one type-4
 * transaction it sends and pays itself, as MetaMask does before granting a permission. The
 * account keeps its address, key and funds. Answers the transaction, or undefined when already done.
 */
export async function upgradeToDeleGator(client: Client<Transport, Chain, Account>): Promise<Hash | undefined> {
  if (await isDeleGatorAccount(client, client.account.address)) return undefined
  const authorization = await signAuthorization(client, {
    contractAddress: frameworkContracts.EIP7702StatelessDeleGatorImpl,
    executor: 'self',
  })
  const hash = await sendTransaction(client, {
    authorizationList: [authorization],
    to: client.account.address,
    data: '0x',
  })
  const receipt = await waitForTransactionReceipt(client, { hash, pollingInterval: 50 })
  if (receipt.status !== 'success') throw new Error(`The EIP-7702 upgrade ${hash} reverted.`)
  return hash
}
