import { pad, sliceHex, type Address, type Hex } from 'viem'
import { z } from 'zod'
import { cctpChains } from '../../chain/cctp/cctpContracts.ts'
import { badInput } from '../../domain/errors/input.ts'

/** Where a burn's attestation stands: not yet (Circle waits for finality), ready, or not readable now (and why). */
export type Attestation =
  | { state: 'pending' }
  | { state: 'complete'; message: Hex; attestation: Hex }
  | { state: 'unavailable'; reason: string }

const hex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/)
/** Iris's answer to `GET /v2/messages/{sourceDomain}?transactionHash=…`: the transaction's messages, in the order it sent them. */
const irisAnswer = z.object({
  messages: z
    .array(z.object({ status: z.string(), message: z.string(), attestation: z.string() }).passthrough())
    .min(1),
})

type IrisMessage = z.infer<typeof irisAnswer>['messages'][number]

/**
 * Reads the attestation of the CCTP V2 burn in `txHash` on `sourceChainId` from Circle's Iris
 * (`irisUrl` replaces Circle's, e.g. the dev emulation): the transaction's first message, or with
 * `burn`, the `index`th burn of `depositor`'s among its messages. An odd answer is `unavailable`, never thrown.
 */
export async function readAttestation(
  sourceChainId: number,
  txHash: Hex,
  {
    irisUrl,
    fetch: fetchFn = fetch,
    burn,
  }: { irisUrl?: string | undefined; fetch?: typeof fetch; burn?: { depositor: Address; index: number } } = {},
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
  const chosen = burn ? burnMessageOf(parsed.data.messages, source.tokenMessenger, burn) : parsed.data.messages[0]!
  if (!chosen)
    return {
      state: 'unavailable',
      reason: "Circle's attestation service lists no such burn of this wallet's in the transaction.",
    }
  if (chosen === 'pending' || chosen.status !== 'complete') return { state: 'pending' }
  if (!hex.safeParse(chosen.message).success || !hex.safeParse(chosen.attestation).success)
    return { state: 'unavailable', reason: "Circle's attestation service gave an answer it could not read." }
  return { state: 'complete', message: chosen.message as Hex, attestation: chosen.attestation as Hex }
}

/**
 * The message of `depositor`'s `index`th burn among a transaction's: a MessageV2 from the source's
 * TokenMessenger (sender, bytes 44–76) whose BurnMessageV2 names `depositor` as its sender (body
 * bytes 100–132, the body starting at 148). Iris shows a message's bytes only once attested, so a
 * pending one before it leaves the count open: `pending`. Undefined when Iris lists no such burn.
 */
function burnMessageOf(
  messages: readonly IrisMessage[],
  tokenMessenger: Address,
  burn: { depositor: Address; index: number },
): IrisMessage | 'pending' | undefined {
  const [messenger, depositor] = [pad(tokenMessenger), pad(burn.depositor)].map((word) => word.toLowerCase())
  const isBurn = (message: string) =>
    hex.safeParse(message).success &&
    message.length >= 2 + 2 * 280 &&
    sliceHex(message as Hex, 44, 76).toLowerCase() === messenger &&
    sliceHex(message as Hex, 248, 280).toLowerCase() === depositor
  let seen = 0
  for (const message of messages) {
    if (message.status !== 'complete') return 'pending'
    if (isBurn(message.message) && seen++ === burn.index) return message
  }
  return undefined
}
