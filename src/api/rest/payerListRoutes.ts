import { payerListLinkOf } from '../../merchants/payerLists/payerListUseCases.ts'
import { openRequestsOfList } from '../../payments/batch/payerLists.ts'
import { publicPaymentRequest } from '../../payments/publicPaymentRequest.ts'
import { gaslessAvailability } from '../../relayer/gaslessAvailability.ts'
import { badInput } from '../../domain/errors/input.ts'
import type { RestApiOptions } from './restApiOptions.ts'
import { sendJson } from './restErrors.ts'
import { readJson, type RestContext, type RestRoute } from './restRequest.ts'

/**
 * `/api/v1/payer-lists`: `POST { payer }` answers the business's link listing its open requests made
 * for that payer (the same link each time), with the requests it lists now, as the app's own button does.
 */
export function payerListRoutes(options: RestApiOptions): RestRoute[] {
  const services = { db: options.db }

  async function link({ req, res, actor }: RestContext) {
    const { json } = await readJson(req)
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw badInput('body', 'must be a JSON object.')
    const { payer } = json as Record<string, unknown>
    if (typeof payer !== 'string') throw badInput('payer', 'must be the payer’s address, a string.')
    const list = await payerListLinkOf(actor, services, { payer })
    // One look-up of the payee's relayer for the whole list.
    const relayers: Parameters<typeof gaslessAvailability>[2] = new Map()
    const requests = await openRequestsOfList(options.db, list)
    sendJson(res, 200, {
      id: list.id,
      payee: list.payee,
      payer: list.payer,
      url: new URL(`/pay-several?list=${list.id}`, options.publicUrl).href,
      requests: await Promise.all(
        requests.map(async (row) => ({
          ...publicPaymentRequest(row, options.publicUrl),
          gasless: await gaslessAvailability(options.relayer, row, relayers),
        })),
      ),
    })
  }

  return [['POST', /^\/api\/v1\/payer-lists$/, payerListLinkOf, link]]
}
