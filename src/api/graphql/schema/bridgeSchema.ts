import type { Address, Hex } from 'viem'
import { AmountError, parseAmount } from '../../../domain/amount.ts'
import { BadUserInputError } from '../../../domain/errors/input.ts'
import { readAttestation, type Attestation } from '../../../payments/bridge/circleAttestation.ts'
import { prepareBurn, prepareMint, type PreparedCall } from '../../../payments/bridge/usdcToOneChain.ts'
import { builder } from '../builder.ts'

const PreparedCallRef = builder.objectRef<PreparedCall>('PreparedCall').implement({
  description: 'A transaction for the signed-in wallet to send as it is: Billfold holds and sends nothing.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    to: t.exposeString('to'),
    data: t.exposeString('data'),
    purpose: t.exposeString('purpose', {
      description: 'approve (the TokenMessenger may take the USDC), burn (depositForBurn) or mint (receiveMessage).',
    }),
  }),
})

const UsdcMintRef = builder.objectRef<Attestation & { call: PreparedCall | null }>('UsdcMint').implement({
  description: "Where a CCTP burn's attestation stands, and once attested the mint on its destination.",
  fields: (t) => ({
    state: t.exposeString('state', { description: 'pending (Circle waits for finality), complete or unavailable.' }),
    reason: t.string({ nullable: true, resolve: (m) => (m.state === 'unavailable' ? m.reason : null) }),
    call: t.field({ type: PreparedCallRef, nullable: true, resolve: (m) => m.call }),
  }),
})

builder.queryFields((t) => ({
  usdcToOneChain: t.field({
    type: [PreparedCallRef],
    description:
      "The transactions that bring `amount` of the signed-in wallet's USDC on one chain to the same address on another with Circle's CCTP V2: an approval where needed, then depositForBurn. Send them in order, then ask `usdcMintOnDestination` with the burn's hash.",
    args: {
      sourceChainId: t.arg.int({ required: true }),
      destinationChainId: t.arg.int({ required: true }),
      amount: t.arg.string({ required: true, description: 'USDC, as a decimal (e.g. "12.5").' }),
    },
    resolve: async (_, { sourceChainId, destinationChainId, amount }, ctx) => {
      const owner = (await ctx.signedIn()).address as Address
      let parsed: bigint
      try {
        parsed = parseAmount(amount, 6)
      } catch (error) {
        if (error instanceof AmountError)
          throw new BadUserInputError({ field: 'amount', shortMessage: error.shortMessage })
        throw error
      }
      return prepareBurn({ assets: ctx.network.assets, clientOf: (id) => ctx.network.clients.get(id) }, owner, {
        sourceChainId,
        destinationChainId,
        amount: parsed,
      })
    },
  }),
  usdcMintOnDestination: t.field({
    type: UsdcMintRef,
    description:
      "Reads the attestation of the CCTP burn in `txHash` from Circle's Iris and, once complete, prepares receiveMessage on the destination chain's MessageTransmitter.",
    args: {
      sourceChainId: t.arg.int({ required: true }),
      txHash: t.arg.string({ required: true }),
    },
    resolve: async (_, { sourceChainId, txHash }, ctx) => {
      await ctx.signedIn()
      const attestation = await readAttestation(sourceChainId, txHash as Hex, { irisUrl: ctx.network.irisUrl })
      return {
        ...attestation,
        call:
          attestation.state === 'complete'
            ? prepareMint(sourceChainId, attestation.message, attestation.attestation)
            : null,
      }
    },
  }),
}))
