import { print } from 'graphql'
import { createClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { devChain } from '../../chain/chains.ts'
import { PaymentRequestQuery, type PaymentRequestData } from '../../web/requests/paymentRequestDocument.ts'
import { verifyRequestSignature } from '../../web/pay/signature/verifyRequestSignature.ts'
import { authoriseMemberDelegate, joinAs } from '../testing/businessClient.ts'
import { codes, graphql, signIn } from '../testing/graphqlClient.ts'
import { signedRequestInput } from '../testing/paymentRequestInput.ts'

const CREATE =
  'mutation($input: CreatePaymentRequestInput!) { createPaymentRequest(input: $input) { id payee issuer { keyName } } }'
type Created = { createPaymentRequest: { id: string; payee: string; issuer: { keyName: string } | null } }

/** A member's input as the create form sends it: the terms, no signature. */
async function unsignedInput(payee: ReturnType<typeof privateKeyToAccount>, memo: string) {
  return { ...(await signedRequestInput(payee, { memo })), signature: null }
}

describe('what a member makes is signed by the delegate the owner authorised', { timeout: 60_000 }, () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false })
  }, 60_000)
  afterAll(() => app.close())

  /** The pay page's own check, on the request as the pay page fetches it. */
  async function payPageAccepts(id: string) {
    const served = await graphql<{ paymentRequest: PaymentRequestData }>(app.url, print(PaymentRequestQuery), {
      variables: { id },
    })
    const anvilUrl = inject('anvilUrl')
    const client = createClient({ chain: devChain(anvilUrl), transport: http(anvilUrl) })
    return {
      request: served.data!.paymentRequest,
      verified: await verifyRequestSignature(client, served.data!.paymentRequest),
    }
  }

  it('lets an admin make a request the pay page verifies as the payee’s, an accountant none, and logs who made it', async () => {
    const ownerWallet = privateKeyToAccount(generatePrivateKey())
    const adminWallet = privateKeyToAccount(generatePrivateKey())
    const owner = (await signIn(app.url, ownerWallet)).cookie
    const admin = await joinAs(app.url, owner, 'admin', adminWallet)
    const accountant = await joinAs(app.url, owner, 'accountant', privateKeyToAccount(generatePrivateKey()))

    // Before the owner authorised a delegate, a member's request has nobody to sign it.
    const early = await graphql(app.url, CREATE, {
      cookie: admin,
      variables: { input: await unsignedInput(ownerWallet, 'Too early') },
    })
    expect(codes(early)).toEqual(['DELEGATION_MISSING'])

    // Another wallet's signature of the delegation is not the owner's.
    const forged = await authoriseMemberDelegate(app.url, owner, adminWallet)
    expect(codes(forged)).toEqual(['SIGNATURE_MISMATCH'])
    const authorised = await authoriseMemberDelegate(app.url, owner, ownerWallet)
    expect(authorised.data?.authoriseMemberDelegate.authorisedAt).toBeTruthy()

    const made = await graphql<Created>(app.url, CREATE, {
      cookie: admin,
      variables: { input: await unsignedInput(ownerWallet, 'Made by the admin') },
    })
    expect(made.data?.createPaymentRequest).toMatchObject({ payee: ownerWallet.address, issuer: { keyName: 'Team' } })
    const { request, verified } = await payPageAccepts(made.data!.createPaymentRequest.id)
    expect(verified).toBe(true)
    expect(request.issuer?.delegate).toBe(authorised.data!.authoriseMemberDelegate.delegate)

    // The member's own wallet cannot sign for the business.
    const ownSignature = await graphql(app.url, CREATE, {
      cookie: admin,
      variables: { input: await signedRequestInput(ownerWallet, {}, { signer: adminWallet }) },
    })
    expect(codes(ownSignature)).toEqual(['BAD_USER_INPUT'])
    expect(ownSignature.errors![0]!.extensions!.field).toBe('signature')

    const byAccountant = await graphql(app.url, CREATE, {
      cookie: accountant,
      variables: { input: await unsignedInput(ownerWallet, 'Not mine to make') },
    })
    expect(codes(byAccountant)).toEqual(['FORBIDDEN'])

    const log = await graphql<{ auditLog: { actor: string; role: string; action: string; objectId: string }[] }>(
      app.url,
      '{ auditLog { actor role action objectId } }',
      { cookie: owner },
    )
    expect(log.data!.auditLog.filter((e) => e.action === 'createPaymentRequest')).toEqual([
      {
        actor: adminWallet.address,
        role: 'admin',
        action: 'createPaymentRequest',
        objectId: made.data!.createPaymentRequest.id,
      },
    ])
  })

  it('stops members’ requests when the owner revokes the delegate or removes the member; what was made stays valid', async () => {
    const ownerWallet = privateKeyToAccount(generatePrivateKey())
    const adminWallet = privateKeyToAccount(generatePrivateKey())
    const owner = (await signIn(app.url, ownerWallet)).cookie
    const admin = await joinAs(app.url, owner, 'admin', adminWallet)
    await authoriseMemberDelegate(app.url, owner, ownerWallet)
    const made = await graphql<Created>(app.url, CREATE, {
      cookie: admin,
      variables: { input: await unsignedInput(ownerWallet, 'Before the revocation') },
    })

    const revoked = await graphql<{ revokeMemberDelegate: { revokedAt: string } }>(
      app.url,
      'mutation { revokeMemberDelegate { revokedAt } }',
      { cookie: owner },
    )
    expect(revoked.data?.revokeMemberDelegate.revokedAt).toBeTruthy()
    const afterRevocation = await graphql(app.url, CREATE, {
      cookie: admin,
      variables: { input: await unsignedInput(ownerWallet, 'After the revocation') },
    })
    expect(codes(afterRevocation)).toEqual(['DELEGATION_MISSING'])
    expect((await payPageAccepts(made.data!.createPaymentRequest.id)).verified).toBe(true)

    // A new delegate signs again; a removed member makes nothing more.
    await authoriseMemberDelegate(app.url, owner, ownerWallet)
    const again = await graphql<Created>(app.url, CREATE, {
      cookie: admin,
      variables: { input: await unsignedInput(ownerWallet, 'With the new delegate') },
    })
    expect((await payPageAccepts(again.data!.createPaymentRequest.id)).verified).toBe(true)
    await graphql(app.url, 'mutation($m: String!) { removeMember(member: $m) }', {
      cookie: owner,
      variables: { m: adminWallet.address },
    })
    const afterRemoval = await graphql(app.url, CREATE, {
      cookie: admin,
      variables: { input: await unsignedInput(ownerWallet, 'After the removal') },
    })
    expect(codes(afterRemoval)).toEqual(['UNAUTHENTICATED'])
  })
})
