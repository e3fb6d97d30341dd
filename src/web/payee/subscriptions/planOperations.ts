import { graphql } from '../../graphql/graphql.ts'

export const PLANS_KEY = ['my-plans']
export const SUBSCRIBERS_KEY = ['my-subscribers']

export const MyPlansQuery = graphql(`
  query MyPlans {
    myPlans {
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

export const PreparePlanMutation = graphql(`
  mutation PreparePlan($input: PlanInput!) {
    preparePlan(input: $input) {
      id
      payee
      delegate
      keyName
      expiresAt
      walletSigns
    }
  }
`)

export const CreatePlanMutation = graphql(`
  mutation CreatePlan($id: String!, $signature: String) {
    createPlan(id: $id, delegationSignature: $signature) {
      id
    }
  }
`)

export const ChangePlanMutation = graphql(`
  mutation ChangePlan($id: String!, $input: PlanChangeInput!) {
    changePlan(id: $id, input: $input) {
      id
    }
  }
`)

export const MySubscribersQuery = graphql(`
  query MySubscribers {
    mySubscribers {
      id
      planId
      planName
      payer
      state
      symbol
      periodCapDecimal
      interval
      nextChargeAt
      charges {
        period
        periodStart
        amountDecimal
        state
        reasonCode
        reasonDetails
        nextTryAt
        requestId
      }
    }
    mySubscriberFigures {
      paying
      cancelledLately
      churnBasisPoints
      currency
      monthlyDecimal
      unvalued
      monthlyByAsset {
        chainId
        symbol
        amountDecimal
      }
    }
  }
`)

export const ChangeSubscriberMutation = graphql(`
  mutation ChangeSubscriber($id: String!, $change: String!) {
    changeSubscriber(id: $id, change: $change) {
      id
      state
    }
  }
`)
