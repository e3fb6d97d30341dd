import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { newPaymentReference } from '../src/domain/paymentReference.ts'
import type { NewPaymentRequest } from '../src/payments/repository/paymentRequests.ts'

export const TEST_PAYEE = '0x70997970C51812dc3A010C7d01b50e0d4dc79C8'

/** A USDC request to store directly, as a delegate would have signed it (the store does not check signatures). */
export const newRequest = (memo: string, payee: `0x${string}` = TEST_PAYEE): Omit<NewPaymentRequest, 'id'> => ({
  terms: {
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    amount: 19_990_000n,
    payee,
    payer: null,
    memo,
    dueAt: new Date('2030-01-01T00:00:00Z'),
    reference: newPaymentReference(),
  },
  asset: { chainId: 31337, address: DEV_USDC_ADDRESS, symbol: 'USDC', decimals: 6 },
  signature: '0x01',
  createdBlock: 12_345_678_901n,
  issuedByKeyId: 'key-1',
  redirectUrl: 'https://shop.example/orders/1042',
  metadata: { orderId: '1042', lines: [1, 2] },
})
