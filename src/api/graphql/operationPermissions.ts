import type { Permission } from '../../domain/permissions.ts'

/**
 * What each GraphQL operation needs: `public` (a payer's, or it signs in), `member` (anyone signed
 * in, for themselves), or the permission its use case asks of the role (src/domain/permissions.ts).
 * An operation missing here stops the schema from building.
 */
export type OperationRule = 'public' | 'member' | Permission

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
  // Requests, payments and the dashboard.
  'Query.myOpenRequestWithAmount': 'requests:read',
  'Query.myOutstandingTotals': 'requests:read',
  'Query.myPaymentRequests': 'requests:read',
  'Query.myReceivedByDay': 'requests:read',
  'Query.myReceivedTotals': 'requests:read',
  // The signed-in wallet's own USDC, moved by transactions it sends itself.
  'Query.usdcToOneChain': 'member',
  'Query.usdcMintOnDestination': 'member',
  'Query.myUsdcMoves': 'member',
  'Mutation.recordUsdcMove': 'member',
  'Query.myUnmatchedTransfers': 'requests:read',
  'Subscription.myPaymentRequestUpdated': 'requests:read',
  'Mutation.payerListLink': 'requests:create',
  // Invoices and credit notes.
  // Books.
  'Query.myAccountingSettings': 'books:read',
  'Query.myReceivedInBooks': 'books:read',
  'Query.myReceivedInBooksByDay': 'books:read',
  'Query.myReportingCurrency': 'books:read',
  'Query.myStatement': 'books:read',
  'Mutation.setAccountingSettings': 'books:configure',
  'Mutation.setCreditNoteNumbering': 'books:configure',
  'Mutation.setReportingCurrency': 'books:configure',
  // Payment links and schedules.
  'Query.myPaymentLinks': 'links:read',
  'Mutation.createPaymentLink': 'links:manage',
  'Mutation.disablePaymentLink': 'links:manage',
  'Mutation.preparePaymentLink': 'links:manage',
  'Query.mySchedules': 'schedules:read',
  'Mutation.createSchedule': 'schedules:manage',
  'Mutation.pauseSchedule': 'schedules:manage',
  'Mutation.prepareSchedule': 'schedules:manage',
  'Mutation.resumeSchedule': 'schedules:manage',
  'Mutation.stopSchedule': 'schedules:manage',
  // Settings and the relayer.
  'Query.myEmail': 'settings:read',
  'Query.myRelayers': 'settings:read',
  'Query.myRelays': 'settings:read',
  'Query.mySellerDetails': 'settings:read',
  'Mutation.setMyEmail': 'settings:write',
  'Mutation.setSellerDetails': 'settings:write',
  'Mutation.updateMyProfile': 'settings:write',
  // Developers.
  'Query.myWebhookEndpoints': 'webhooks:manage',
  'Mutation.createWebhookEndpoint': 'webhooks:manage',
  'Mutation.disableWebhookEndpoint': 'webhooks:manage',
  'Mutation.redeliverWebhook': 'webhooks:manage',
  'Mutation.sendTestWebhookEvent': 'webhooks:manage',
  // The business itself: only its owner.
  'Query.members': 'members:manage',
  'Query.invitations': 'members:manage',
  'Mutation.inviteMember': 'members:manage',
  'Mutation.withdrawInvitation': 'members:manage',
  'Mutation.changeMemberRole': 'members:manage',
  'Mutation.removeMember': 'members:manage',
  'Query.auditLog': 'audit:read',
  // The delegate that signs members' requests: the owner's wallet authorises it.
  'Query.memberDelegate': 'members:manage',
  'Mutation.prepareMemberDelegate': 'members:manage',
  'Mutation.authoriseMemberDelegate': 'members:manage',
  'Mutation.revokeMemberDelegate': 'members:manage',
  // Where the money goes: read with the settings, changed by the owner's wallet's signature.
  'Query.payoutAddress': 'settings:read',
  // The point of sale.
  'Query.myTills': 'sales:sell',
  'Query.till': 'sales:sell',
  'Query.tillReport': 'sales:readToday',
  'Mutation.prepareTill': 'tills:manage',
  'Mutation.createTill': 'tills:manage',
  'Mutation.createMemberTill': 'tills:manage',
  'Mutation.chargeSale': 'sales:sell',
  // Subscriptions: recurring billing, as schedules.
  'Query.myPlans': 'schedules:read',
  'Query.mySubscribers': 'schedules:read',
  'Mutation.changeSubscriber': 'schedules:manage',
  'Query.mySubscriberFigures': 'schedules:read',
  'Mutation.preparePlan': 'schedules:manage',
  'Mutation.createPlan': 'schedules:manage',
  'Mutation.changePlan': 'schedules:manage',
  // Payouts.
  'Query.myPayouts': 'books:read',
  'Query.payout': 'books:read',
}
