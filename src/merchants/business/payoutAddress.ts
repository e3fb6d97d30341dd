import { eq } from 'drizzle-orm'
import { getAddress, isHex, type Address, type Hex, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { payoutAddresses } from '../../db/schema.ts'
import { SignatureMismatchError, badInput } from '../../domain/errors/input.ts'
import { PAYOUT_CHANGE_MINUTES, payoutAddressTypedData } from '../../domain/payoutAddress.ts'
import type { Actor } from './authorize.ts'
import { defineUseCase } from './useCase.ts'

export type PayoutAddress = { address: Address; nonce: number; changedAt: Date | null }

/** Where the business's money goes: as the owner last signed it, else the business's own address. */
export async function payoutAddressOf(db: Db, business: Address): Promise<PayoutAddress> {
  const [row] = await db
    .select()
    .from(payoutAddresses)
    .where(eq(payoutAddresses.business, getAddress(business)))
  return row
    ? { address: row.address as Address, nonce: row.nonce, changedAt: row.changedAt }
    : { address: getAddress(business), nonce: 0, changedAt: null }
}

/** The payout address, read with the settings. */
export const readPayoutAddress = defineUseCase({
  action: 'payoutAddress',
  permission: 'settings:read',
  run: (actor: Actor, { db }: { db: Db }) => payoutAddressOf(db, actor.address),
})

export type PayoutAddressChangeInput = { payoutAddress: string; nonce: number; signedAt: Date; signature: string }

/**
 * Sets the payout address with the owner's wallet's signature of the change (EIP-712
 * `PayoutAddress`): a member's signature, one for another change, an old one or one already used is refused.
 * `client` checks a contract wallet's signature (ERC-1271) on chain.
 */
export const changePayoutAddress = defineUseCase({
  action: 'changePayoutAddress',
  permission: 'payout:change',
  audited: (input) => input.payoutAddress,
  prepare: (actor: Actor, { client }: { db: Db; client: PublicClient }, input: PayoutAddressChangeInput) =>
    verifyPayoutAddressChange(client, actor, input),
  run: (actor, { db }, input, payoutAddress) => setPayoutAddress(db, actor, payoutAddress, input),
})

/** The change's new address, once its signature by the owner's wallet is checked (on chain for a contract wallet). */
async function verifyPayoutAddressChange(
  client: PublicClient,
  actor: Actor,
  input: PayoutAddressChangeInput,
  now = new Date(),
): Promise<Address> {
  let payoutAddress: Address
  try {
    payoutAddress = getAddress(input.payoutAddress)
  } catch {
    throw badInput('payoutAddress', 'must be a wallet address (0x and 40 hexadecimal digits).')
  }
  const age = now.getTime() - input.signedAt.getTime()
  if (Number.isNaN(age) || age > PAYOUT_CHANGE_MINUTES * 60_000 || age < -60_000)
    throw badInput('signedAt', `must be the time of signing, within the last ${PAYOUT_CHANGE_MINUTES} minutes.`)
  if (!isHex(input.signature, { strict: true }) || input.signature.length < 132 || input.signature.length > 20_000)
    throw badInput('signature', 'must be a 0x-prefixed hex signature.')
  const business = getAddress(actor.address)
  const signed = await client
    .verifyTypedData({
      address: business,
      signature: input.signature as Hex,
      ...payoutAddressTypedData({ business, payoutAddress, nonce: input.nonce, signedAt: input.signedAt }),
    })
    .catch(() => false)
  if (!signed)
    throw new SignatureMismatchError({
      field: 'signature',
      shortMessage: `The signature is not the owner's wallet's (${business}) signature of this change. Sign it with the business's own wallet.`,
    })
  return payoutAddress
}

async function setPayoutAddress(
  db: Db,
  actor: Actor,
  payoutAddress: Address,
  input: PayoutAddressChangeInput,
  now = new Date(),
): Promise<PayoutAddress> {
  const business = getAddress(actor.address)
  const used = () => badInput('nonce', 'was used already or is not the next change’s number: sign the change again.')
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ nonce: payoutAddresses.nonce })
      .from(payoutAddresses)
      .where(eq(payoutAddresses.business, business))
      .for('update')
    if (input.nonce !== (current?.nonce ?? 0) + 1) throw used()
    const values = {
      address: payoutAddress,
      nonce: input.nonce,
      signature: input.signature,
      signedAt: input.signedAt,
      changedAt: now,
    }
    // A first change sent twice at once: the second finds the row and must not overwrite it.
    const written = await tx
      .insert(payoutAddresses)
      .values({ business, ...values })
      .onConflictDoUpdate({
        target: payoutAddresses.business,
        set: values,
        setWhere: eq(payoutAddresses.nonce, input.nonce - 1),
      })
      .returning({ nonce: payoutAddresses.nonce })
    if (written.length === 0) throw used()
    return { address: payoutAddress, nonce: input.nonce, changedAt: now }
  })
}
