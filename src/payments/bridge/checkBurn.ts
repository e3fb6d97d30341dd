import { formatUnits, getAddress, type Hash, type PublicClient } from 'viem'
import { badInput } from '../../domain/errors/input.ts'
import { burnsInReceipt, type Burn } from './discoverBurns.ts'

/**
 * Checks a burn the payee's wallet says it sent against its receipt, when the source chain has mined
 * it: a CCTP burn by `payee` on that chain, of `amount` to `destinationChainId`; else bad input naming
 * the field that is wrong. Answers the payee's burns in the transaction, the one meant first.
 * A transaction not mined yet (or a chain not answering) is taken as said, and answers none: the
 * wallet gives the hash as soon as it is sent, and the move's state reads the receipt later.
 */
export async function checkBurn(
  client: PublicClient | undefined,
  payee: string,
  input: { sourceChainId: number; destinationChainId: number; amount: bigint; burnTxHash: string },
): Promise<Burn[]> {
  if (!client || !/^0x[0-9a-fA-F]{64}$/.test(input.burnTxHash)) return []
  const receipt = await client.getTransactionReceipt({ hash: input.burnTxHash as Hash }).catch(() => undefined)
  if (!receipt) return []
  const burns = burnsInReceipt(receipt, input.sourceChainId).filter((b) => b.depositor === getAddress(payee))
  if (burns.length === 0)
    throw badInput(
      'burnTxHash',
      `is no CCTP burn of this wallet's USDC on chain ${input.sourceChainId}${receipt.status === 'reverted' ? ' (the transaction failed)' : ''}.`,
    )
  const toDestination = burns.filter((b) => b.destinationChainId === input.destinationChainId)
  if (toDestination.length === 0)
    throw badInput(
      'destinationChainId',
      `is not where the burn sends its USDC (chain ${burns[0]!.destinationChainId}).`,
    )
  const meant = toDestination.find((b) => b.amount === input.amount)
  if (!meant) throw badInput('amount', `is not what the burn burnt (${formatUnits(toDestination[0]!.amount, 6)} USDC).`)
  return [meant, ...burns.filter((b) => b !== meant)]
}
