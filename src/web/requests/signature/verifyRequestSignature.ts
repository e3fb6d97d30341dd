import { isAddressEqual, recoverTypedDataAddress, type Address, type Hex } from 'viem'
import { NATIVE_ASSET, paymentRequestTypedData } from '../../../domain/paymentRequest.ts'
import type { ChainClient } from '../../publicClients.ts'
import type { PaymentRequestData } from '../requestOperations.ts'

/** Whether the payee signed exactly this request: recovered offline for an ordinary account, asked of the chain for a contract. */
export async function verifyRequestSignature(client: ChainClient, request: PaymentRequestData): Promise<boolean> {
  const payee = request.payee as Address
  const signature = request.signature as Hex
  const typedData = paymentRequestTypedData({
    chainId: request.chainId,
    asset: request.asset as Address | typeof NATIVE_ASSET,
    amount: BigInt(request.amount),
    payee,
    payer: request.payer as Address | null,
    memo: request.memo,
    dueAt: new Date(request.dueAt),
    reference: request.reference as Hex,
  })
  const signer = await recoverTypedDataAddress({ ...typedData, signature }).catch(() => undefined)
  if (signer && isAddressEqual(signer, payee)) return true
  const { verifyContractSignature } = await import('./contractSignature.ts')
  return verifyContractSignature(client, { address: payee, signature, typedData })
}
