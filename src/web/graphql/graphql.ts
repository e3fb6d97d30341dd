import { initGraphQLTada } from 'gql.tada'
import type { introspection } from './graphql-env.d.ts'

/** Typed GraphQL documents, checked against schema.graphql. */
export const graphql = initGraphQLTada<{
  introspection: introspection
  scalars: { DateTime: string }
  disableMasking: true
}>()
export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada'
