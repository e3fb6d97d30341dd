import type { Address } from 'viem'
import { NATIVE_ASSET } from '../../../domain/paymentRequest.ts'
import type { ChainClient } from '../../publicClients.ts'
import { tokenBalance } from '../payPreflight.ts'

/** One request of a batch as far as its failure goes: its token and what was asked of it. */
export type BatchLine = { asset: string; symbol: string; decimals: number; due: bigint }

/** Why an atomic batch paid none: a token the payer holds less of than the batch's total, else a payment that failed. */
export type NonePaid =
  { why: 'balance'; symbol: string; decimals: number; balance: bigint; total: bigint } | { why: 'reverted' }

/**
 * Why a batch that ran as one transaction paid none, read from the chain once it failed: the first
 * token whose balance falls short of the batch's total for it, else one of its payments failed.
 */
export async function whyNonePaid(client: ChainClient, payer: Address, lines: readonly BatchLine[]): Promise<NonePaid> {
  const assets = [...new Set(lines.map((l) => l.asset))]
  for (const asset of assets) {
    const of = lines.filter((l) => l.asset === asset)
    const total = of.reduce((sum, l) => sum + l.due, 0n)
    const balance =
      asset === NATIVE_ASSET
        ? BigInt(await client.request({ method: 'eth_getBalance', params: [payer, 'latest'] }))
        : await tokenBalance(client, asset as Address, payer)
    if (balance < total) return { why: 'balance', symbol: of[0]!.symbol, decimals: of[0]!.decimals, balance, total }
  }
  return { why: 'reverted' }
}
