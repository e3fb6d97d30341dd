import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseLegs } from '../../../testing/databaseLegs.ts'
import { newRequest } from '../../../testing/newRequest.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import type { Database } from '../../db/createDatabase.ts'
import { paymentRequests } from '../../db/schema.ts'
import { directPaymentOf } from './dueRequests.ts'
import { insertPaymentRequest, type PaymentRequestRow } from './paymentRequests.ts'

const BASE_SEPOLIA_ID = 84532
const onBase = { chainId: BASE_SEPOLIA_ID, asset: DEV_USDC_ADDRESS }
const legs = databaseLegs()

describe.each(legs)('a plain transfer on each chain a request accepts, on $name', ({ open, skip }) => {
  let database: Database
  let twoChains: PaymentRequestRow
  let otherOnBase: PaymentRequestRow
  beforeAll(async () => {
    if (skip) return
    database = await open()
    const asked = newRequest('Two chains')
    twoChains = await insertPaymentRequest(database.db, {
      ...asked,
      acceptedChains: [
        { chainId: 31337, asset: DEV_USDC_ADDRESS, createdBlock: asked.createdBlock },
        { ...onBase, createdBlock: 1n },
      ],
    })
    // The same payee asks the same amount on the second chain alone: a plain transfer there could be either.
    const other = newRequest('Base only')
    otherOnBase = await insertPaymentRequest(database.db, {
      ...other,
      terms: { ...other.terms, chainId: BASE_SEPOLIA_ID },
      asset: { ...other.asset, chainId: BASE_SEPOLIA_ID },
    })
  })
  afterAll(async () => database?.close())

  it.skipIf(skip)(
    'is offered on the chain where the amount is the request’s alone and not on the one where another request is due the same',
    async () => {
      expect(await directPaymentOf(database.db, twoChains)).toMatchObject({ available: true, due: 19_990_000n })
      expect(await directPaymentOf(database.db, twoChains, onBase)).toMatchObject({
        available: false,
        due: 19_990_000n,
      })

      await database.db
        .update(paymentRequests)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(eq(paymentRequests.id, otherOnBase.id))
      expect(await directPaymentOf(database.db, twoChains, onBase)).toMatchObject({ available: true, due: 19_990_000n })
    },
  )
})
