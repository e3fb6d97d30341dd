import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createDevIris, type DevIrisOptions } from '../src/chain/devnet/devIris.ts'

/** What the emulation answers for a transaction: a status and JSON body as Iris gives, or any text. */
export type IrisAnswer = { status: number; body: string }

/**
 * Circle's attestation service (Iris) on loopback, as its `GET /v2/messages/{sourceDomain}?transactionHash=…`
 * answers: what a test set for that domain and transaction (`attested` for a complete message,
 * `answer` for anything else, an odd one included), else, given dev chains, the dev attester's
 * answer from their burns (`devIris.ts`), else 404 as for a burn Iris has not seen.
 */
export async function startIrisService(devChains?: DevIrisOptions) {
  const devIris = devChains ? createDevIris(devChains) : undefined
  const answers = new Map<string, IrisAnswer>()
  const key = (domain: number, txHash: string) => `${domain}:${txHash.toLowerCase()}`
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://iris')
    const domain = url.pathname.match(/^\/v2\/messages\/(\d+)$/)?.[1]
    const txHash = url.searchParams.get('transactionHash') ?? ''
    const answer = domain ? answers.get(key(Number(domain), txHash)) : undefined
    if (answer) return res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
    const notFound = () =>
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Message hash not found"}')
    if (!devIris) return notFound()
    devIris
      .handle(req, res)
      .then((handled) => handled || notFound())
      .catch(() => res.writeHead(500).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answer: (domain: number, txHash: string, answer: IrisAnswer) => answers.set(key(domain, txHash), answer),
    /** Iris's answer once the burn is final and attested. */
    attested: (domain: number, txHash: string, message: string, attestation: string, status = 'complete') =>
      answers.set(key(domain, txHash), {
        status: 200,
        body: JSON.stringify({
          messages: [{ message, attestation, status, eventNonce: '0x01', cctpVersion: 2, decodedMessage: null }],
        }),
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
