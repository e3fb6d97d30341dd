import { badInput } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { publicReport, publicSale, publicTill } from '../../merchants/pos/publicTill.ts'
import { readSaleBody } from '../../merchants/pos/saleBody.ts'
import { readTillBody } from '../../merchants/pos/tillBody.ts'
import { createKeyTillOf, sellAtTill, tillReportOf, tillsToReportOn } from '../../merchants/pos/tillUseCases.ts'
import { pricedCurrencies } from '../../payments/quotes/quotePrice.ts'
import { publicPaymentRequest } from '../../payments/publicPaymentRequest.ts'
import { gaslessAvailability } from '../../relayer/gaslessAvailability.ts'
import type { RestApiOptions } from './restApiOptions.ts'
import { sendJson } from './restErrors.ts'
import { readJson, type RestContext, type RestRoute } from './restRequest.ts'

/** An instant of the report's span from the query string, e.g. `from=2026-11-27T00:00:00%2B01:00`. */
function instant(url: URL, field: 'from' | 'to'): Date {
  const text = url.searchParams.get(field)
  const at = text && /^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : undefined
  if (!at || Number.isNaN(at.getTime()))
    throw badInput(field, 'must be an instant in ISO 8601 with its offset, such as 2026-11-27T00:00:00+01:00.')
  return at
}

/**
 * `/api/v1/tills`: the payee's tills listed and set up (signed as the key's requests are), a sale charged at one (the request its payer pays,
 * signed by the till's delegate) and its report between two instants, as the till's own screens do.
 */
export function tillRoutes(options: RestApiOptions): RestRoute[] {
  const { db } = options
  const assetOf = (till: { chainId: number; asset: string }): Asset | undefined =>
    options.assets.find((a) => a.chainId === till.chainId && a.address === till.asset)

  async function list({ res, actor }: RestContext) {
    const tills = await tillsToReportOn(actor, { db })
    sendJson(res, 200, { data: tills.map((till) => publicTill(till, assetOf(till), options.publicUrl)) })
  }

  async function create({ req, res, key, actor }: RestContext) {
    const { json } = await readJson(req)
    const draft = readTillBody(json)
    const offer = {
      assets: options.assets,
      quotable: options.quotable ?? [],
      currencies: pricedCurrencies(draft.chainId),
    }
    const till = await createKeyTillOf(actor, { db }, { key, draft, offer })
    sendJson(res, 201, publicTill(till, assetOf(till), options.publicUrl), { location: `/api/v1/tills/${till.id}` })
  }

  async function sell({ req, res, actor }: RestContext, id: string) {
    const { json } = await readJson(req)
    const sold = await sellAtTill(
      actor,
      {
        db,
        assets: options.assets,
        chainOf: options.quotes.chainOf,
        client: (chainId) => options.clients.get(chainId),
        readFeedsOn: options.quotes.readFeedsOn,
        signAsDelegate: options.signAsDelegate,
      },
      { tillId: id, sale: readSaleBody(json) },
    )
    const request = {
      ...publicPaymentRequest(sold.request, options.publicUrl),
      gasless: await gaslessAvailability(options.relayer, sold.request),
    }
    sendJson(res, 201, publicSale(sold, assetOf(sold.till)!, request), {
      location: `/api/v1/payment-requests/${sold.request.id}`,
    })
  }

  async function report({ res, url, actor }: RestContext, id: string) {
    const span = { from: instant(url, 'from'), to: instant(url, 'to') }
    sendJson(res, 200, publicReport(await tillReportOf(actor, { db, assets: options.assets }, { id, ...span })))
  }

  return [
    ['GET', /^\/api\/v1\/tills$/, tillsToReportOn, list],
    ['POST', /^\/api\/v1\/tills$/, createKeyTillOf, create],
    ['POST', /^\/api\/v1\/tills\/([^/]+)\/sales$/, sellAtTill, sell],
    ['GET', /^\/api\/v1\/tills\/([^/]+)\/report$/, tillReportOf, report],
  ]
}
