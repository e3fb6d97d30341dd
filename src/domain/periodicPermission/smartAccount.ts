import { EIP7702StatelessDeleGator as deleGatorAbi } from '@metamask/delegation-abis'
import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hash,
  type Hex,
  type Transport,
} from 'viem'
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

/** ERC-7579 execution mode: a batch of calls, all reverting if one does. */
export const BATCH_DEFAULT_MODE: Hex = '0x0100000000000000000000000000000000000000000000000000000000000000'

/**
 * The transaction an upgraded account sends to itself to make `calls` atomically (what EIP-5792's
 * `wallet_sendCalls` with `atomicRequired` needs): the DeleGator's `execute(mode, executionCalldata)`,
 * which only the account itself (or the EntryPoint) may call.
 */
export function atomicBatchCall(account: Address, calls: readonly { to: Address; value?: bigint; data?: Hex }[]) {
  const executions = calls.map((call) => ({ target: call.to, value: call.value ?? 0n, callData: call.data ?? '0x' }))
  return {
    to: account,
    data: encodeFunctionData({
      abi: deleGatorAbi,
      functionName: 'execute',
      args: [
        BATCH_DEFAULT_MODE,
        encodeAbiParameters(
          [
            {
              type: 'tuple[]',
              components: [
                { name: 'target', type: 'address' },
                { name: 'value', type: 'uint256' },
                { name: 'callData', type: 'bytes' },
              ],
            },
          ],
          [executions],
        ),
      ],
    }),
  }
}
