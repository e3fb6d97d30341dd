import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { payoutAddressTypedData } from '../../domain/payoutAddress.ts'
import { joinAs } from '../testing/businessClient.ts'
import { codes, graphql, signIn, type GraphqlResponse } from '../testing/graphqlClient.ts'

const CHANGE =
  'mutation($payoutAddress: String!, $nonce: Int!, $signedAt: DateTime!, $signature: String!) { changePayoutAddress(payoutAddress: $payoutAddress, nonce: $nonce, signedAt: $signedAt, signature: $signature) { address nonce } }'
const READ = '{ payoutAddress { address nonce changedAt } }'

describe('the payout address', { timeout: 60_000 }, () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false })
  }, 60_000)
  afterAll(() => app.close())

  /** A change as the Team page signs it: `signer` signs the business's change to `to`, numbered `nonce`. */
  async function signedChange(
    business: PrivateKeyAccount,
    signer: PrivateKeyAccount,
    to: string,
    nonce: number,
    signedAt = new Date(),
  ) {
    const at = new Date(Math.floor(signedAt.getTime() / 1000) * 1000)
    const signature = await signer.signTypedData(
      payoutAddressTypedData({ business: business.address, payoutAddress: to as `0x${string}`, nonce, signedAt: at }),
    )
    return { payoutAddress: to, nonce, signedAt: at.toISOString(), signature }
  }
  const field = (response: GraphqlResponse) => response.errors?.map((e) => e.extensions?.field)

  it('is set only by the owner’s wallet’s signature, once per signature, and logged', async () => {
    const ownerWallet = privateKeyToAccount(generatePrivateKey())
    const adminWallet = privateKeyToAccount(generatePrivateKey())
    const owner = (await signIn(app.url, ownerWallet)).cookie
    const admin = await joinAs(app.url, owner, 'admin', adminWallet)
    const accountant = await joinAs(app.url, owner, 'accountant', privateKeyToAccount(generatePrivateKey()))
    const vault = privateKeyToAccount(generatePrivateKey()).address

    // Until the owner changes it, the money goes to the business's own address.
    expect((await graphql(app.url, READ, { cookie: accountant })).data).toEqual({
      payoutAddress: { address: ownerWallet.address, nonce: 0, changedAt: null },
    })

    const first = await signedChange(ownerWallet, ownerWallet, vault, 1)
    const changed = await graphql(app.url, CHANGE, { cookie: owner, variables: first })
    expect(changed.data).toEqual({ changePayoutAddress: { address: vault, nonce: 1 } })
    expect(
      (await graphql<{ payoutAddress: { address: string } }>(app.url, READ, { cookie: accountant })).data!.payoutAddress
        .address,
    ).toBe(vault)

    // The same signature again: it was spent.
    const replayed = await graphql(app.url, CHANGE, { cookie: owner, variables: first })
    expect([codes(replayed), field(replayed)]).toEqual([['BAD_USER_INPUT'], ['nonce']])

    // An admin's wallet cannot sign for the business, even sent with the owner's session; nor may an admin send one.
    const byAdmin = await signedChange(ownerWallet, adminWallet, adminWallet.address, 2)
    const adminSigned = await graphql(app.url, CHANGE, { cookie: owner, variables: byAdmin })
    expect([codes(adminSigned), field(adminSigned)]).toEqual([['SIGNATURE_MISMATCH'], ['signature']])
    const adminSent = await graphql(app.url, CHANGE, {
      cookie: admin,
      variables: await signedChange(ownerWallet, ownerWallet, adminWallet.address, 2),
    })
    expect(codes(adminSent)).toEqual(['FORBIDDEN'])

    // A signature kept for later is refused.
    const stale = await signedChange(ownerWallet, ownerWallet, vault, 2, new Date(Date.now() - 20 * 60_000))
    const late = await graphql(app.url, CHANGE, { cookie: owner, variables: stale })
    expect([codes(late), field(late)]).toEqual([['BAD_USER_INPUT'], ['signedAt']])
    const bad = await graphql(app.url, CHANGE, {
      cookie: owner,
      variables: { ...(await signedChange(ownerWallet, ownerWallet, vault, 2)), payoutAddress: '0x1234' },
    })
    expect([codes(bad), field(bad)]).toEqual([['BAD_USER_INPUT'], ['payoutAddress']])

    expect(
      (await graphql<{ payoutAddress: { address: string } }>(app.url, READ, { cookie: owner })).data!.payoutAddress
        .address,
    ).toBe(vault)
    const log = await graphql<{ auditLog: { actor: string; action: string }[] }>(
      app.url,
      '{ auditLog { actor action } }',
      { cookie: owner },
    )
    expect(log.data!.auditLog.filter((e) => e.action === 'changePayoutAddress')).toEqual([
      { actor: ownerWallet.address, action: 'changePayoutAddress' },
    ])
  })
})
