import { getAddress, getTypesForEIP712Domain, type Address } from 'viem'
import { addressProblem } from '../../../domain/paymentRequest.ts'
import { transferAuthorizationTypedData } from '../../../domain/transferAuthorization.ts'
import { authorizationNonce } from '../../../domain/transferReference.ts'
import { isOpenForSignedPayment } from '../../../domain/paymentStatus.ts'
import { authorizableToken } from '../../../relayer/prepareRelay.ts'
import { builder } from '../builder.ts'
import { requestById } from './paymentRequestSchema.ts'
import { requestOnChosenChain } from '../../../payments/repository/requestChainRows.ts'
import { AuthorizationUnsupportedError } from '../../../domain/errors/authorization.ts'
import { BadUserInputError, badInput } from '../../../domain/errors/input.ts'
import { NotPayableError } from '../../../domain/errors/paymentRequest.ts'

/** How long a signed authorization stays valid: long enough to submit, short enough not to linger. */
const VALIDITY_SECONDS = 3600n

type AuthorizationData = ReturnType<typeof transferAuthorizationTypedData>

const Domain = builder.objectRef<AuthorizationData['domain']>('TransferAuthorizationDomain').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    version: t.exposeString('version'),
    chainId: t.exposeInt('chainId'),
    verifyingContract: t.exposeString('verifyingContract'),
  }),
})

const Message = builder.objectRef<AuthorizationData['message']>('TransferAuthorizationMessage').implement({
  description: 'Amounts and times are decimal strings (uint256).',
  fields: (t) => ({
    from: t.exposeString('from'),
    to: t.exposeString('to'),
    value: t.string({ resolve: (m) => String(m.value) }),
    validAfter: t.string({ resolve: (m) => String(m.validAfter) }),
    validBefore: t.string({ resolve: (m) => String(m.validBefore) }),
    nonce: t.exposeString('nonce'),
  }),
})

const TypedDataField = builder.objectRef<{ name: string; type: string }>('TypedDataField').implement({
  fields: (t) => ({ name: t.exposeString('name'), type: t.exposeString('type') }),
})

const Types = builder
  .objectRef<{
    EIP712Domain: readonly { name: string; type: string }[]
    TransferWithAuthorization: readonly { name: string; type: string }[]
  }>('TransferAuthorizationTypes')
  .implement({
    description: "EIP-712 types, the domain's included: what eth_signTypedData_v4 expects under `types`.",
    fields: (t) => ({
      EIP712Domain: t.field({ type: [TypedDataField], resolve: (types) => [...types.EIP712Domain] }),
      TransferWithAuthorization: t.field({
        type: [TypedDataField],
        resolve: (types) => [...types.TransferWithAuthorization],
      }),
    }),
  })

const TransferAuthorization = builder.objectRef<AuthorizationData>('TransferAuthorization').implement({
  description:
    "ERC-3009 TransferWithAuthorization typed data (EIP-712) for the payer's wallet to sign, complete: its JSON (domain, types, primaryType, message) goes to eth_signTypedData_v4 as it is. Its nonce carries the request's reference, so the transfer pays this request whoever submits it.",
  fields: (t) => ({
    primaryType: t.exposeString('primaryType'),
    domain: t.field({ type: Domain, resolve: (a) => a.domain }),
    types: t.field({
      type: Types,
      // A wallet hashes the domain by its declared type; without it some hash an empty one.
      resolve: (a) => ({ EIP712Domain: getTypesForEIP712Domain({ domain: a.domain }), ...a.types }),
    }),
    message: t.field({ type: Message, resolve: (a) => a.message }),
  }),
})

builder.queryFields((t) => ({
  transferAuthorization: t.field({
    type: TransferAuthorization,
    description:
      'What a payer signs to pay what is still due on a request without sending a transaction: for tokens with ERC-3009 (USDC, EURC). Valid for an hour, or until the request is due if sooner.',
    args: {
      requestId: t.arg.string({ required: true }),
      payer: t.arg.string({ required: true }),
      chainId: t.arg.int({
        required: false,
        description: 'One of the chains the request accepts, where the payer pays: its own chain when left out.',
      }),
    },
    resolve: async (_, { requestId, payer, chainId }, ctx) => {
      const request = requestOnChosenChain(await requestById(ctx, requestId, 'requestId'), chainId)
      const problem = addressProblem('payer', payer.trim())
      if (problem) throw new BadUserInputError({ field: 'payer', shortMessage: problem })
      const from = getAddress(payer.trim())
      if (request.payer && getAddress(request.payer) !== from)
        throw badInput('payer', `is not the address this request is for: only ${request.payer} may pay it.`)
      if (!isOpenForSignedPayment(request.status))
        throw new NotPayableError({
          field: 'requestId',
          shortMessage: `This request is ${request.status.replace('_', ' ')}: there is nothing to authorise.`,
        })
      const token = authorizableToken(ctx.network, request, 'erc3009')?.token
      if (!token?.eip712)
        throw new AuthorizationUnsupportedError({
          field: 'requestId',
          shortMessage: `${request.symbol} has no transfer by signature (ERC-3009): pay it with a transaction.`,
        })
      const now = BigInt(Math.floor(Date.now() / 1000))
      const due = BigInt(Math.floor(request.dueAt.getTime() / 1000))
      return transferAuthorizationTypedData(
        { chainId: request.chainId, address: token.address, eip712: token.eip712 },
        {
          from,
          to: getAddress(request.payee) as Address,
          value: BigInt(request.amount) - BigInt(request.received),
          validAfter: 0n,
          validBefore: due < now + VALIDITY_SECONDS ? due : now + VALIDITY_SECONDS,
          nonce: authorizationNonce(request.reference as `0x${string}`),
        },
      )
    },
  }),
}))
