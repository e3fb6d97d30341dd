import type { IncomingMessage, ServerResponse } from 'node:http'
import { PaymentRequirementsV2Schema } from '@x402/core/schemas'
import type { PaymentPayload, PaymentRequirements, SupportedResponse } from '@x402/core/types'
import type { Address, PublicClient } from 'viem'
import type { Asset } from '../../domain/paymentRequest.ts'
import type { ApiKeyRow } from '../../merchants/apiKeys.ts'
import { supports } from '../../payments/methods/registry.ts'
import { relayersOf } from '../../relayer/relayerStore.ts'
import type { DelegateSignature } from '../../merchants/signing/delegateSignature.ts'
import { networkOf, X402_VERSION } from '../../merchants/x402/exactRequirements.ts'
import { signingKeyOf } from '../../merchants/business/signingKey.ts'
import { settleFacilitatorPayment, verifyFacilitatorPayment } from '../../merchants/x402/facilitatorPayment.ts'
import { sendJson } from '../rest/restErrors.ts'
import { readJson } from '../rest/restRequest.ts'
import type { X402Options } from './x402Resource.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'

export type FacilitatorOptions = X402Options & {
  assets: readonly Asset[]
  clients: ReadonlyMap<number, PublicClient>
  signAsDelegate: DelegateSignature
}

type FacilitatorBody = { x402Version: number; paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements }

/** The body of /verify and /settle: the client's payment and the merchant's requirements, or a 400 naming what is missing. */
async function readFacilitatorBody(req: IncomingMessage): Promise<FacilitatorBody> {
  const { json } = await readJson(req)
  const body = json as Partial<FacilitatorBody> | null
  if (!body || typeof body !== 'object' || !body.paymentPayload || !body.paymentRequirements)
    throw new BadUserInputError({
      shortMessage: 'The body must be { x402Version, paymentPayload, paymentRequirements }.',
      field: 'body',
    })
  // The merchant's requirements are read field by field below: x402's own schema checks their shape first.
  if (!PaymentRequirementsV2Schema.safeParse(body.paymentRequirements).success)
    throw new BadUserInputError({
      shortMessage:
        'paymentRequirements must be x402 v2 requirements: scheme, network, asset, amount, payTo, maxTimeoutSeconds, extra.',
      field: 'paymentRequirements',
    })
  return body as FacilitatorBody
}

export async function supported(options: FacilitatorOptions, key: ApiKeyRow, res: ServerResponse) {
  const chains = options.relayer.chains.filter((c) => c.tokens.some((t) => supports(t, 'erc3009')))
  const relayers = await relayersOf(
    options.db,
    options.relayer.box,
    key.payee as Address,
    chains.map((c) => c.chain.id),
  )
  const body: SupportedResponse = {
    kinds: chains.map((c) => ({ x402Version: X402_VERSION, scheme: 'exact', network: networkOf(c.chain.id) })),
    extensions: [],
    signers: Object.fromEntries(relayers.map((r) => [networkOf(r.chainId), [r.address]])),
  }
  sendJson(res, 200, body)
}

export async function verify(options: FacilitatorOptions, key: ApiKeyRow, req: IncomingMessage, res: ServerResponse) {
  sendJson(
    res,
    200,
    await verifyFacilitatorPayment(options, await signingKeyOf(options.db, key), await readFacilitatorBody(req)),
  )
}

/** Settles a merchant's x402 payment (see settleFacilitatorPayment): a refusal is a 200 that says why, as x402 asks. */
export async function settle(options: FacilitatorOptions, key: ApiKeyRow, req: IncomingMessage, res: ServerResponse) {
  sendJson(
    res,
    200,
    await settleFacilitatorPayment(options, await signingKeyOf(options.db, key), await readFacilitatorBody(req)),
  )
}
