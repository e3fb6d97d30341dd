/**
 * The GraphQL operations that run no use case: `public` (a payer's, or it signs in) and `member`
 * (anyone signed in, for themselves). Every other operation runs a use case that declares its
 * permission beside it (`src/merchants/<area>/…UseCases.ts`); one with neither stops the schema from building.
 */
export type OperationRule = 'public' | 'member'

export const OPERATION_PERMISSIONS: Readonly<Record<string, OperationRule>> = {
  // Anyone: chains and tokens, a payer's pages, signing in.
  'Query.chains': 'public',
  'Query.currencies': 'public',
  'Query.emailEnabled': 'public',
  'Query.emailNotices': 'public',
  'Query.invitation': 'public',
  'Query.me': 'public',
  'Query.paymentLink': 'public',
  'Query.paymentRequest': 'public',
  'Query.quotableAssets': 'public',
  'Query.schedule': 'public',
  'Query.tillCurrentSale': 'public',
  // A payout line's receipt, for whoever has its link.
  'Query.payoutLine': 'public',
  // A payee's list of one payer's open requests, for whoever has its link.
  'Query.payerList': 'public',
  'Query.subscriptionPlan': 'public',
  'Query.subscriptionPermissionRequest': 'public',
  'Query.subscriptionPermit2Request': 'public',
  'Query.planSubscription': 'public',
  'Mutation.startSubscription': 'public',
  // A payer's own schedule of a plan, one per payer: the rate limit and that bound it.
  'Mutation.payPlanByHand': 'public',
  // The payer's own: the chain must already show the permission revoked.
  'Mutation.cancelSubscriptionAsPayer': 'public',
  'Query.transferAuthorization': 'public',
  'Query.webhookEventTypes': 'public',
  'Mutation.acceptInvitation': 'public',
  'Mutation.leavePayerEmail': 'public',
  'Mutation.nonce': 'public',
  'Mutation.payWithAuthorization': 'public',
  'Mutation.payWithLink': 'public',
  'Mutation.quotePaymentRequest': 'public',
  'Mutation.signIn': 'public',
  'Mutation.signOut': 'public',
  'Subscription.paymentRequestUpdated': 'public',
  // Anyone signed in, about themselves.
  'Query.myBusinesses': 'member',
  'Query.myProfile': 'member',
  'Query.mySessions': 'member',
  'Mutation.actForBusiness': 'member',
  'Mutation.signOutEverywhere': 'member',
}
