import type { Hex } from 'viem'
import { z } from 'zod'
import { cctpChains } from '../../chain/cctp/cctpContracts.ts'
import { badInput } from '../../domain/errors/input.ts'

/** Where a burn's attestation stands: not yet (Circle waits for finality), ready, or not readable now (and why). */
export type Attestation =
  | { state: 'pending' }
  | { state: 'complete'; message: Hex; attestation: Hex }
  | { state: 'unavailable'; reason: string }

const hex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/)
/** Iris's answer to `GET /v2/messages/{sourceDomain}?transactionHash=…`: the burn's messages, the first ours. */
const irisAnswer = z.object({
  messages: z
    .array(z.object({ status: z.string(), message: z.string(), attestation: z.string() }).passthrough())
    .min(1),
})

/**
 * Reads the attestation of the CCTP V2 burn in `txHash` on `sourceChainId` from Circle's Iris
 * (`irisUrl` replaces Circle's, e.g. the dev emulation). An odd answer is `unavailable`, never thrown.
 */
export async function readAttestation(
  sourceChainId: number,
  txHash: Hex,
  { irisUrl, fetch: fetchFn = fetch }: { irisUrl?: string | undefined; fetch?: typeof fetch } = {},
): Promise<Attestation> {
  const source = cctpChains[sourceChainId]
  if (!source) throw badInput('sourceChainId', `is chain ${sourceChainId}, which Circle's CCTP does not serve.`)
  if (!/^0x[0-9a-fA-F]{64}$/.test(txHash))
    throw badInput('txHash', 'must be a transaction hash (0x and 64 hex digits).')
  const url = new URL(`/v2/messages/${source.domain}`, irisUrl ?? source.irisUrl)
  url.searchParams.set('transactionHash', txHash)
  let response: Response
  try {
    response = await fetchFn(url, { signal: AbortSignal.timeout(10_000) })
  } catch (error) {
    return { state: 'unavailable', reason: `Circle's attestation service did not answer (${String(error)}).` }
  }
  // Iris answers 404 until it has seen the burn.
  if (response.status === 404) return { state: 'pending' }
  if (!response.ok) return { state: 'unavailable', reason: `Circle's attestation service answered ${response.status}.` }
  const parsed = irisAnswer.safeParse(await response.json().catch(() => null))
  if (!parsed.success)
    return { state: 'unavailable', reason: "Circle's attestation service gave an answer it could not read." }
  const [first] = parsed.data.messages
  if (first!.status !== 'complete') return { state: 'pending' }
  if (!hex.safeParse(first!.message).success || !hex.safeParse(first!.attestation).success)
    return { state: 'unavailable', reason: "Circle's attestation service gave an answer it could not read." }
  return { state: 'complete', message: first!.message as Hex, attestation: first!.attestation as Hex }
}
