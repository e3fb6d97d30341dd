import { graphql } from '../../graphql/graphql.ts'

export const USDC_MOVES_KEY = ['usdcMoves'] as const

export const MyUsdcMovesQuery = graphql(`
  query MyUsdcMoves {
    myUsdcMoves {
      id
      sourceChainId
      destinationChainId
      amount
      burnTxHash
      createdAt
      state
      reason
      call {
        chainId
        to
        data
      }
    }
  }
`)

export const UsdcToOneChainQuery = graphql(`
  query UsdcToOneChain($sourceChainId: Int!, $destinationChainId: Int!, $amount: String!) {
    usdcToOneChain(sourceChainId: $sourceChainId, destinationChainId: $destinationChainId, amount: $amount) {
      chainId
      to
      data
      purpose
    }
  }
`)

export const RecordUsdcMoveMutation = graphql(`
  mutation RecordUsdcMove($sourceChainId: Int!, $destinationChainId: Int!, $amount: String!, $burnTxHash: String!) {
    recordUsdcMove(
      sourceChainId: $sourceChainId
      destinationChainId: $destinationChainId
      amount: $amount
      burnTxHash: $burnTxHash
    ) {
      id
    }
  }
`)

export const DismissUsdcMoveMutation = graphql(`
  mutation DismissUsdcMove($id: String!) {
    dismissUsdcMove(id: $id)
  }
`)
