import { graphql, type ResultOf } from '../../graphql/graphql.ts'

export const MyRelayersQuery = graphql(`
  query MyRelayers {
    myRelayers {
      chainId
      address
      balance
      enabled
      feeCap
      lowBalance
      relayCost
      revertBudget
      pausedAt
      pausedReason
      wastedFee
    }
  }
`)
export type RelayerData = ResultOf<typeof MyRelayersQuery>['myRelayers'][number]

export const MyRelaysQuery = graphql(`
  query MyRelays {
    myRelays(first: 20) {
      id
      kind
      chainId
      requestId
      state
      reason
      transactionHash
      value
      fee
      createdAt
    }
  }
`)

export const UpdateRelayerMutation = graphql(`
  mutation UpdateRelayer($chainId: Int!, $enabled: Boolean, $feeCap: String, $revertBudget: Int, $resume: Boolean) {
    updateRelayer(chainId: $chainId, enabled: $enabled, feeCap: $feeCap, revertBudget: $revertBudget, resume: $resume) {
      chainId
      enabled
      feeCap
      revertBudget
      pausedAt
      pausedReason
    }
  }
`)

export const WithdrawRelayerMutation = graphql(`
  mutation WithdrawRelayer($chainId: Int!) {
    withdrawRelayer(chainId: $chainId) {
      id
      state
      value
      transactionHash
    }
  }
`)

export const RELAYERS_KEY = ['my-relayers']
export const RELAYS_KEY = ['my-relays']
