import { graphql } from '../../graphql/graphql.ts'

export const PlanQuery = graphql(`
  query PlanLink($id: String!) {
    subscriptionPlan(id: $id) {
      id
      name
      chainId
      symbol
      amountDecimal
      decimals
      currency
      price
      interval
      trialDays
      count
      endsOn
    }
  }
`)

export const PermissionRequestQuery = graphql(`
  query PlanPermissionRequest($planId: String!, $startTime: Int!) {
    subscriptionPermissionRequest(planId: $planId, startTime: $startTime)
  }
`)

export const Permit2RequestQuery = graphql(`
  query PlanPermit2Request($planId: String!, $startTime: Int!, $payer: String!) {
    subscriptionPermit2Request(planId: $planId, startTime: $startTime, payer: $payer)
  }
`)

export const StartSubscriptionMutation = graphql(`
  mutation StartSubscription(
    $planId: String!
    $permission: String!
    $startTime: Int!
    $payerEmail: String
    $payerLanguage: String
  ) {
    startSubscription(
      planId: $planId
      permission: $permission
      startTime: $startTime
      payerEmail: $payerEmail
      payerLanguage: $payerLanguage
    ) {
      id
    }
  }
`)

export const SubscriptionQuery = graphql(`
  query PayerSubscription($id: String!) {
    planSubscription(id: $id) {
      id
      planId
      planName
      payee
      payer
      state
      chainId
      symbol
      periodCapDecimal
      interval
      nextChargeAt
      permissionContext
      mechanism
      permit2Nonce
      spender
      asset
      charges {
        period
        periodStart
        amountDecimal
        state
        reasonCode
        reasonDetails
        nextTryAt
        requestId
        payRequestId
        txHash
      }
    }
  }
`)

export const CancelSubscriptionMutation = graphql(`
  mutation CancelSubscriptionAsPayer($id: String!) {
    cancelSubscriptionAsPayer(id: $id) {
      id
      state
    }
  }
`)

export const PayPlanByHandMutation = graphql(`
  mutation PayPlanByHand($planId: String!, $payer: String!, $payerEmail: String, $payerLanguage: String) {
    payPlanByHand(planId: $planId, payer: $payer, payerEmail: $payerEmail, payerLanguage: $payerLanguage)
  }
`)
