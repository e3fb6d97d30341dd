import { createPublicClient, getAddress, http, keccak256, toHex, type Address, type Hash } from 'viem'
import { startTestChain } from '../testing/testChain.ts'
import { devWalletProvider } from '../testing/devWalletProvider.ts'
import { devChain } from '../src/chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { newPaymentReference } from '../src/domain/paymentReference.ts'
import { paymentTransaction } from '../src/domain/paymentTransaction.ts'
import { batchStatus, sendBatch } from '../src/wallet/batchCalls.ts'

const LINES = 200

/**
 * Gas of a payout of 200 USDC lines, each with its reference: one atomic `wallet_sendCalls` (the
 * dev wallet's EIP-7702 account, MetaMask's) beside 200 separate transfers, to recipients that hold
 * no USDC yet (the dearest case: each line creates a balance) and to recipients that already do.
 */
export async function runPayoutBenchmarks() {
  console.log(
    `\nPayouts: ${LINES} USDC lines, gas per line, one atomic wallet_sendCalls beside ${LINES} separate transfers (goal ≤ 0.5×)`,
  )
  const anvil = await startTestChain(8613)
  try {
    const client = createPublicClient({ chain: devChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) })
    const gasOf = async (hashes: Hash[]) => {
      let total = 0n
      for (const hash of hashes)
        total += (await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })).gasUsed
      return total
    }
    const batcher = devWalletProvider(anvil.rpcUrl, { index: 6, atomic: true })
    const separate = devWalletProvider(anvil.rpcUrl, { index: 7 })
    const recipients = (round: string) =>
      Array.from({ length: LINES }, (_, i) => getAddress(keccak256(toHex(`${round} ${i}`)).slice(0, 42)) as Address)
    const calls = (to: readonly Address[]) =>
      to.map((payee) =>
        paymentTransaction({ asset: DEV_USDC_ADDRESS, payee, reference: newPaymentReference() }, 1_000_000n),
      )
    // The account's one-time EIP-7702 upgrade comes with a first one-line batch: later payouts pay it no more.
    await sendBatch(batcher, {
      from: batcher.address,
      chainId: 31337,
      calls: calls(recipients('warm-up').slice(0, 1)),
      support: 'supported',
    })
    // The first round creates each recipient's balance; the second pays the same recipients again.
    for (const round of ['fresh', 'holding']) {
      const sent = await sendBatch(batcher, {
        from: batcher.address,
        chainId: 31337,
        calls: calls(recipients('batched')),
        support: 'ready',
      })
      if (sent.kind !== 'calls') throw new Error('the dev wallet did not batch')
      let status = await batchStatus(batcher, sent.id)
      while (status.state === 'pending') status = await batchStatus(batcher, sent.id)
      if (status.state !== 'confirmed' || status.transactions.length !== 1)
        throw new Error(`the batch ended ${status.state}`)
      const batched = await gasOf(status.transactions.map((t) => t.hash))
      const hashes: Hash[] = []
      for (const call of calls(recipients('separate')))
        hashes.push(
          (await separate.request({
            method: 'eth_sendTransaction',
            params: [{ from: separate.address, to: call.to, data: call.data }],
          })) as Hash,
        )
      const each = await gasOf(hashes)
      const perLine = batched / BigInt(LINES)
      const perTransfer = each / BigInt(LINES)
      console.log(
        `  recipients ${round === 'fresh' ? 'holding no USDC' : 'already holding USDC'}: one batch ${batched} gas (${perLine} a line)   ${LINES} transfers ${each} gas (${perTransfer} each)   ratio ${(Number(perLine) / Number(perTransfer)).toFixed(2)}×`,
      )
    }
  } finally {
    await anvil.stop()
  }
}
