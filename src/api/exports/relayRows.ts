import { stringify } from 'csv-stringify/sync'
import { formatEther } from 'viem'
import type { RelayRow } from '../../relayer/sendRelay.ts'

const COLUMNS = [
  'created_at',
  'chain_id',
  'kind',
  'request_id',
  'payer',
  'state',
  'reason',
  'nonce',
  'transaction_hash',
  'value_base_units',
  'gas_used',
  'fee_base_units',
  'fee',
  'wasted_fee_base_units',
]

/**
 * The payee's relays and withdrawals with what each cost, newest first: the books of the relayers.
 * The wasted column sums to the relayers' figure of gas spent on reverts and fills (until old rows are purged).
 */
export function relaysCsv(rows: readonly RelayRow[]): string {
  return stringify(
    rows.map((r) => ({
      created_at: r.createdAt.toISOString(),
      chain_id: r.chainId,
      kind: r.kind,
      request_id: r.requestId ?? '',
      payer: r.payer ?? '',
      state: r.state,
      reason: r.reason ?? '',
      nonce: r.txNonce ?? '',
      transaction_hash: r.transactionHash ?? r.transactionHashes.at(-1) ?? '',
      value_base_units: r.value,
      gas_used: r.gasUsed ?? '',
      fee_base_units: r.fee ?? '',
      fee: r.fee ? formatEther(BigInt(r.fee)) : '',
      // What a relay that reverted, or the fill that took an expired one's nonce, cost for nothing.
      wasted_fee_base_units: r.fee && (r.state === 'reverted' || r.fillHash) ? r.fee : '0',
    })),
    { header: true, columns: COLUMNS },
  )
}
