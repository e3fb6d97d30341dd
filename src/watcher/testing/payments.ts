import { referencedTransferData } from '../../domain/paymentTransaction.ts'
import { createPublicClient, createTestClient, createWalletClient, http, type Address, type Hex } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests } from '../../db/schema.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { DEV_CHAIN_ID, devChain } from '../../chain/chains.ts'
import { DEV_USDC_ADDRESS, devTokens } from '../../chain/tokens.ts'
import { devAccounts } from '../../chain/devnet/setUpDevChain.ts'

/** Clients for a test chain (the dev chain's id unless told); Anvil's dev accounts are unlocked, so they send without keys here. */
export function chainClients(rpcUrl: string, chainId = DEV_CHAIN_ID) {
  const chain = devChain(rpcUrl, chainId)
  const transport = http(rpcUrl)
  return {
    publicClient: createPublicClient({ chain, transport }),
    testClient: createTestClient({ chain, transport, mode: 'anvil' }),
    walletOf: (index: number) => createWalletClient({ chain, transport, account: devAccounts[index]! }),
  }
}

let counter = 0

/** A request row as the API stores it (the signature is not the watcher's business). */
export async function insertRequest(
  db: Db,
  fields: {
    asset?: Address | typeof NATIVE_ASSET
    amount: bigint
    payee: Address
    payer?: Address | null
    createdBlock: bigint
  },
) {
  const reference = newPaymentReference()
  const asset = fields.asset ?? DEV_USDC_ADDRESS
  const token = devTokens.find((t) => t.address === asset)
  const id = `watch${Date.now().toString(36)}${counter++}`
  await db.insert(paymentRequests).values({
    id,
    chainId: 31337,
    asset,
    symbol: token?.symbol ?? 'ETH',
    decimals: token?.decimals ?? 18,
    amount: fields.amount.toString(),
    payee: fields.payee,
    payer: fields.payer ?? null,
    memo: '',
    dueAt: new Date(Date.now() + 86_400_000),
    reference,
    signature: '0x',
    createdBlock: fields.createdBlock,
  })
  return { id, reference }
}

/** Pays as the pay page does (ERC-20 transfer calldata with the reference appended, or the native value with the reference as data), and waits until it is mined. */
export async function pay(
  rpcUrl: string,
  {
    from,
    to,
    amount,
    reference,
    asset = DEV_USDC_ADDRESS,
    chainId = DEV_CHAIN_ID,
  }: {
    from: number
    to: Address
    amount: bigint
    reference?: Hex
    asset?: Address | typeof NATIVE_ASSET
    chainId?: number
  },
) {
  const { walletOf, publicClient } = chainClients(rpcUrl, chainId)
  const wallet = walletOf(from)
  const hash =
    asset === NATIVE_ASSET
      ? await wallet.sendTransaction({ to, value: amount, data: reference })
      : await wallet.sendTransaction({ to: asset, data: referencedTransferData(to, amount, reference) })
  // Anvil may answer before it has mined the block: what follows must see the payment on chain.
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return hash
}
