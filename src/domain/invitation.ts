import type { Address } from 'viem'

/** How long an invitation link can be accepted. */
export const INVITATION_DAYS = 7

export const invitationTypes = {
  Invitation: [
    { name: 'business', type: 'address' },
    { name: 'member', type: 'address' },
    { name: 'role', type: 'string' },
    { name: 'invitation', type: 'string' },
  ],
} as const

export type InvitationTerms = { business: Address; member: Address; role: string; invitation: string }

/**
 * The EIP-712 data an invitee's wallet signs to accept: "I, `member`, join `business` as `role`
 * through invitation `invitation`". No chain id: wallets show it whichever network they are on.
 */
export function invitationTypedData(terms: InvitationTerms) {
  return {
    domain: { name: 'Billfold', version: '1' },
    types: invitationTypes,
    primaryType: 'Invitation' as const,
    message: terms,
  }
}
