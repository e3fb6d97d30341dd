import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseLegs } from '../../../testing/databaseLegs.ts'
import { newRequest, TEST_PAYEE } from '../../../testing/newRequest.ts'
import type { Database } from '../../db/createDatabase.ts'
import { insertPaymentRequest } from './paymentRequests.ts'
import { listRequestPage } from './requestListing.ts'

const legs = databaseLegs()
const otherPayee = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const memos = [
  'Café Überweisung März',
  'Cafe latte beans',
  'Straße 12, Berlin',
  'Filter: 100% paid',
  'Filter: open_one',
  'Filter: openXone',
  'Invoice 4321',
  'Invoice 43210',
  '東京の請求書',
]

describe.each(legs)('memo search on $name', ({ open, skip }) => {
  let database: Database
  beforeAll(async () => {
    if (skip) return
    database = await open()
    for (const memo of memos) await insertPaymentRequest(database.db, newRequest(memo))
    // Another payee's matching requests never show.
    for (const memo of memos) await insertPaymentRequest(database.db, newRequest(memo, otherPayee))
  })
  afterAll(async () => database?.close())
  const search = async (text: string) =>
    (await listRequestPage(database.db, TEST_PAYEE, { search: text }, { first: 50 })).items.map((r) => r.memo).sort()

  it.skipIf(skip)('finds a substring anywhere in the memo, in any case, accented letters included', async () => {
    expect(await search('nvoice 432')).toEqual(['Invoice 4321', 'Invoice 43210'])
    expect(await search('INVOICE 43210')).toEqual(['Invoice 43210'])
    expect(await search('café')).toEqual(['Café Überweisung März'])
    expect(await search('CAFÉ ÜBER')).toEqual(['Café Überweisung März'])
    expect(await search('請求')).toEqual(['東京の請求書'])
    // Two characters, too short for a trigram, still match.
    expect(await search('ße')).toEqual(['Straße 12, Berlin'])
  })

  it.skipIf(skip)('keeps accents apart and takes %, _ and \\ literally', async () => {
    expect(await search('cafe')).toEqual(['Cafe latte beans'])
    expect(await search('strasse')).toEqual([])
    expect(await search('100%')).toEqual(['Filter: 100% paid'])
    expect(await search('open_')).toEqual(['Filter: open_one'])
    expect(await search('\\')).toEqual([])
    expect(await search('nothing like this')).toEqual([])
  })
})
