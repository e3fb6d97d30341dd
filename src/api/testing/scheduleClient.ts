import type { PrivateKeyAccount } from 'viem/accounts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { delegationToSign } from '../../domain/delegation.ts'
import { graphql } from './graphqlClient.ts'

export const SCHEDULE_FIELDS =
  'id state interval day startsOn count upcoming linkPath issuedPeriods endedBecause currentRequest { id amount memo status } periods { id status memo }'
const PREPARE = `mutation($input: ScheduleInput!) { prepareSchedule(input: $input) { id payee delegate keyName expiresAt walletSigns firstPeriodAt } }`
const CREATE = `mutation($id: String!, $sig: String) { createSchedule(id: $id, delegationSignature: $sig) { ${SCHEDULE_FIELDS} } }`

export type ScheduleData = {
  id: string
  state: string
  upcoming: string[]
  linkPath: string
  issuedPeriods: number
  currentRequest: { id: string; amount: string; memo: string; status: string } | null
  periods: { id: string; status: string; memo: string }[]
}

/** Today in UTC, as a schedule's start date. */
export const todayUtc = () => new Date().toISOString().slice(0, 10)

/** A monthly USDC schedule's input, starting today on today's day of the month. */
export const scheduleInput = (overrides: Record<string, unknown> = {}) => ({
  chainId: 31337,
  asset: DEV_USDC_ADDRESS,
  amount: '250',
  memo: 'Monthly retainer',
  interval: 'month',
  day: new Date().getUTCDate(),
  startsOn: todayUtc(),
  ...overrides,
})

/**
 * A schedule made as the app makes it: prepared, its delegation signed by the payee's wallet (not
 * for a member's: the members' delegate signs it), created.
 */
export async function createSchedule(
  url: string,
  cookie: string,
  payee: PrivateKeyAccount,
  input: Record<string, unknown> = scheduleInput(),
) {
  const prepared = await graphql<{
    prepareSchedule: {
      id: string
      payee: string
      delegate: string
      keyName: string
      expiresAt: string
      walletSigns: boolean
    }
  }>(url, PREPARE, { variables: { input }, cookie })
  if (!prepared.data) return { errors: prepared.errors }
  const p = prepared.data.prepareSchedule
  const signature = p.walletSigns ? await payee.signTypedData(delegationToSign(p)) : null
  const created = await graphql<{ createSchedule: ScheduleData }>(url, CREATE, {
    variables: { id: p.id, sig: signature },
    cookie,
  })
  return { schedule: created.data?.createSchedule, errors: created.errors }
}
