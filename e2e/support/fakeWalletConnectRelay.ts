import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'

/**
 * A stand-in for WalletConnect's relay, the one internet service the app talks to, on loopback.
 * It speaks just enough of the relay's JSON-RPC (irn_*) for a dapp to create a pairing.
 */
export async function startFakeWalletConnectRelay() {
  const watchedTopics = new Set<string>()
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id: number; method?: string; params?: Record<string, unknown> }
      if (!message.method) return
      const reply = (result: unknown) => socket.send(JSON.stringify({ id: message.id, jsonrpc: '2.0', result }))
      switch (message.method) {
        case 'wc_proposeSession':
          // Newer clients hand the relay the pairing topic with the session proposal.
          watchedTopics.add(String(message.params?.pairingTopic))
          return reply(true)
        case 'irn_subscribe':
          watchedTopics.add(String(message.params?.topic))
          return reply(randomBytes(32).toString('hex'))
        case 'irn_batchSubscribe':
          for (const topic of (message.params?.topics as string[]) ?? []) watchedTopics.add(topic)
          return reply(((message.params?.topics as string[]) ?? []).map(() => randomBytes(32).toString('hex')))
        case 'irn_batchFetchMessages':
          return reply({ messages: [], hasMore: false })
        default:
          return reply(true)
      }
    })
  })
  await new Promise<void>((resolve) => server.once('listening', resolve))
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    watchedTopics,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
