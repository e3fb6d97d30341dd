import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../../../testing/faultyRpc.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { delegationToSign } from '../../../domain/delegation.ts'
import { alice, bob, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createApiKey, inAWeek } from '../../testing/merchantClient.ts'
import { createRequest } from '../../testing/paymentRequestInput.ts'

// On the embedded database (one connection) a change's transaction makes every other statement
// wait: a change that asks the chain must ask before its transaction opens.
let rpc: FaultyRpc
let app: TestApp
let cookie: string

beforeAll(async () => {
  rpc = await startFaultyRpc(inject('anvilUrl'))
  app = await startTestApp({ anvilUrl: rpc.url, rateLimitPerMinute: 0 })
  cookie = (await signIn(app.url, alice)).cookie
})
afterAll(async () => {
  await app?.close()
  await rpc?.close()
})

const AUTHORISE =
  'mutation($id: String!, $sig: String!) { authoriseApiKey(id: $id, delegationSignature: $sig) { id authorisedAt } }'
const READ = 'query($id: String!) { paymentRequest(id: $id) { id status } }'

/** A key waiting for its delegation, and the payee's signature of it. */
async function waitingKey() {
  const created = await createApiKey(app.url, cookie, alice, { authorise: false })
  const { id, delegation } = (
    created.data as { createApiKey: { apiKey: { id: string; delegation: Parameters<typeof delegationToSign>[0] } } }
  ).createApiKey.apiKey
  return { id, signature: await alice.signTypedData(delegationToSign(delegation)) }
}

const auditedAuthorisations = async (id: string) =>
  (
    await graphql<{ auditLog: { action: string; objectId: string | null }[] }>(
      app.url,
      '{ auditLog(first: 200) { action objectId } }',
      { cookie },
    )
  ).data!.auditLog.filter((entry) => entry.action === 'authoriseApiKey' && entry.objectId === id)

/**
 * Holds every eth_call answer (the signature check on chain) until `release`; `held` settles once
 * one is held, and `asked()` counts them: a second one is the server giving up on the first and asking again.
 */
function holdSignatureChecks() {
  let release!: () => void
  let onHeld!: () => void
  let count = 0
  const released = new Promise<void>((resolve) => (release = resolve))
  const held = new Promise<void>((resolve) => (onHeld = resolve))
  rpc.faults.rewriteAnswer = async (method, result) => {
    if (method !== 'eth_call') return result
    count += 1
    onHeld()
    await released
    return result
  }
  return { held, release, asked: () => count }
}

describe('a change that waits on a lagging RPC, on PGlite', { timeout: 60_000 }, () => {
  it("lets a payer's page answer while the change waits on the chain", async () => {
    const other = await createRequest(app.url, cookie, alice)
    const key = await waitingKey()
    const gate = holdSignatureChecks()
    let authorised = false
    const authorising = graphql<{ authoriseApiKey: { id: string; authorisedAt: string } }>(app.url, AUTHORISE, {
      variables: { id: key.id, sig: key.signature },
      cookie,
    }).then((answer) => {
      authorised = true
      return answer
    })
    try {
      await gate.held

      const read = await graphql<{ paymentRequest: { id: string } }>(app.url, READ, { variables: { id: other.id } })

      expect(read.data?.paymentRequest.id).toBe(other.id)
      expect(authorised).toBe(false)
      expect(gate.asked()).toBe(1)
    } finally {
      gate.release()
      rpc.faults.rewriteAnswer = undefined
    }
    const answer = await authorising
    expect(answer.errors).toBeUndefined()
    expect(answer.data?.authoriseApiKey.authorisedAt).toBeTruthy()
    expect(await auditedAuthorisations(key.id)).toHaveLength(1)
  })

  it('writes nothing and logs nothing when the check of the signature fails', async () => {
    const key = await waitingKey()
    const forged = await bob.signTypedData(
      delegationToSign({ payee: alice.address, delegate: bob.address, keyName: 'Shop server', expiresAt: inAWeek() }),
    )

    const answer = await graphql(app.url, AUTHORISE, { variables: { id: key.id, sig: forged }, cookie })

    expect(answer.errors?.[0]?.extensions?.code).toBe('SIGNATURE_MISMATCH')
    const keys = await graphql<{ myApiKeys: { id: string; authorisedAt: string | null }[] }>(
      app.url,
      '{ myApiKeys { id authorisedAt } }',
      { cookie },
    )
    expect(keys.data?.myApiKeys.find((k) => k.id === key.id)?.authorisedAt).toBeNull()
    expect(await auditedAuthorisations(key.id)).toEqual([])
  })
})
