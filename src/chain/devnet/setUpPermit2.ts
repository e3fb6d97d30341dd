import { createPublicClient, createTestClient, http, keccak256 } from 'viem'
import { PERMIT2_ADDRESS } from '../../domain/permit2/permit2.ts'
import { devChainAt } from './devChainAt.ts'
import { PERMIT2_RUNTIME_HASH, permit2Runtime } from './permit2Runtime.ts'

/**
 * Puts Permit2 at its canonical address from its published runtime code, checked by hash before
 * and after `anvil_setCode`; code already there must be that same code.
 */
export async function setUpPermit2(rpcUrl: string): Promise<void> {
  const chain = await devChainAt(rpcUrl)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport })
  const present = await publicClient.getCode({ address: PERMIT2_ADDRESS })
  if (present && present !== '0x') {
    if (keccak256(present) !== PERMIT2_RUNTIME_HASH)
      throw new Error(`Permit2 at ${PERMIT2_ADDRESS} is not the published code.`)
    return
  }
  if (keccak256(permit2Runtime) !== PERMIT2_RUNTIME_HASH) throw new Error("Permit2's published runtime code changed.")
  await createTestClient({ chain, transport, mode: 'anvil' }).setCode({
    address: PERMIT2_ADDRESS,
    bytecode: permit2Runtime,
  })
  if (keccak256((await publicClient.getCode({ address: PERMIT2_ADDRESS }))!) !== PERMIT2_RUNTIME_HASH)
    throw new Error(`Permit2 was not placed at ${PERMIT2_ADDRESS}.`)
}
