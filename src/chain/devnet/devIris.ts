import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  concatHex,
  encodePacked,
  keccak256,
  numberToHex,
  pad,
  parseEventLogs,
  sliceHex,
  toHex,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { cctpChains } from '../cctp/cctpContracts.ts'
import { testMessageTransmitterV2Abi } from './testMessageTransmitterV2Artifact.ts'

/** The dev chains' CCTP attester: a key everyone knows, as Anvil's accounts are; the stand-ins trust it alone. */
export const DEV_ATTESTER_KEY: Hex = keccak256(toHex('Billfold dev chains: CCTP attester'))
export const devAttester: LocalAccount = privateKeyToAccount(DEV_ATTESTER_KEY)

/** Circle's threshold for a burn attested once its source block is final. */
const FINALIZED = 2000
/** How long after it first sees a burn the dev attester signs it, as Circle waits for finality. */
const DEV_ATTESTATION_WAIT_MS = 4000

export type DevIrisOptions = {
  /** The dev chains the attester reads burns from, by chain id. */
  clients: ReadonlyMap<number, PublicClient>
  /** How long a burn stays pending after the attester first sees it. */
  attestAfterMs?: number
  /** Who signs (a wrong attester in tests); the dev attester by default. */
  signer?: LocalAccount
}

export type IrisReply = { status: number; body: unknown }

/**
 * Circle's attestation service (Iris) for the dev chains: `GET /v2/messages/{sourceDomain}?transactionHash=…`
 * reads the transaction's MessageSent events from the source dev chain and, once the burn has
 * waited its turn, answers each message with its nonce and finality filled in as Circle's attesters
 * fill them, signed by the dev attester over the message's keccak256. A burn not on the chain is 404.
 */
export function createDevIris({
  clients,
  attestAfterMs = DEV_ATTESTATION_WAIT_MS,
  signer = devAttester,
}: DevIrisOptions) {
  const firstSeen = new Map<string, number>()

  async function messages(domain: number, txHash: Hex): Promise<IrisReply> {
    const source = Object.entries(cctpChains).find(([id, c]) => c.domain === domain && clients.has(Number(id)))
    if (!source) return { status: 400, body: { error: `Invalid domain: ${domain}` } }
    const [chainId, { messageTransmitter }] = source
    const receipt = await clients
      .get(Number(chainId))!
      .getTransactionReceipt({ hash: txHash })
      .catch(() => null)
    const sent =
      receipt?.status === 'success'
        ? parseEventLogs({ abi: testMessageTransmitterV2Abi, eventName: 'MessageSent', logs: receipt.logs }).filter(
            (log) => log.address.toLowerCase() === messageTransmitter.toLowerCase(),
          )
        : []
    if (sent.length === 0) return { status: 404, body: { error: 'Message hash not found' } }
    const key = `${domain}:${txHash.toLowerCase()}`
    const seen = firstSeen.get(key) ?? firstSeen.set(key, Date.now()).get(key)!
    const complete = Date.now() - seen >= attestAfterMs
    return {
      status: 200,
      body: {
        messages: await Promise.all(
          sent.map(async (log) => {
            if (!complete)
              return {
                message: '0x',
                eventNonce: null,
                attestation: 'PENDING',
                status: 'pending_confirmations',
                cctpVersion: 2,
              }
            const nonce = keccak256(
              encodePacked(['uint32', 'bytes32', 'uint256'], [domain, txHash, BigInt(log.logIndex)]),
            )
            const message = attestedMessage(log.args.message, nonce)
            return {
              message,
              eventNonce: nonce,
              attestation: await signer.sign!({ hash: keccak256(message) }),
              status: 'complete',
              cctpVersion: 2,
              decodedMessage: null,
              delayReason: null,
            }
          }),
        ),
      },
    }
  }

  return {
    messages,
    /** Serves Iris's path on a node HTTP server; false when the request is not for it. */
    async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const url = new URL(req.url ?? '/', 'http://iris')
      const domain = url.pathname.match(/^\/v2\/messages\/(\d+)$/)?.[1]
      if (req.method !== 'GET' || !domain) return false
      const txHash = url.searchParams.get('transactionHash') ?? ''
      const reply = /^0x[0-9a-fA-F]{64}$/.test(txHash)
        ? await messages(Number(domain), txHash as Hex)
        : { status: 400, body: { error: 'Invalid transactionHash' } }
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body))
      return true
    },
  }
}

/** The emitted message with what the attester assigns: its nonce (bytes 12–44) and the finality it attested at (144–148). */
function attestedMessage(emitted: Hex, nonce: Hex): Hex {
  return concatHex([
    sliceHex(emitted, 0, 12),
    nonce,
    sliceHex(emitted, 44, 144),
    pad(numberToHex(FINALIZED), { size: 4 }),
    sliceHex(emitted, 148),
  ])
}

/** The dev Iris on its own loopback port (`npm start` runs it beside the dev chains). */
export async function startDevIris(options: DevIrisOptions & { port?: number }) {
  const iris = createDevIris(options)
  const server = createServer((req, res) => {
    iris
      .handle(req, res)
      .then((handled) => {
        if (!handled) res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}')
      })
      .catch(() => res.writeHead(500).end())
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
