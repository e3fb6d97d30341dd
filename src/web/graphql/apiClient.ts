import { Client, fetchExchange, type AnyVariables, type TypedDocumentNode } from '@urql/core'
import { ApiRequestError } from './apiRequestError.ts'

export { ApiRequestError, fieldErrorOf, isFieldError } from './apiRequestError.ts'

export const apiClient = new Client({
  url: '/graphql',
  exchanges: [fetchExchange],
  // The session cookie is HttpOnly and same-origin: the browser sends it, the app never sees it.
  fetchOptions: { credentials: 'same-origin' },
  requestPolicy: 'network-only',
})

async function run<Data, Variables extends AnyVariables>(
  kind: 'query' | 'mutation',
  document: TypedDocumentNode<Data, Variables>,
  variables: Variables,
): Promise<Data> {
  const result = await apiClient[kind](document, variables).toPromise()
  if (result.error) {
    const first = result.error.graphQLErrors[0]
    if (first)
      throw new ApiRequestError({
        code: String(first.extensions?.code ?? 'UNKNOWN'),
        field: first.extensions?.field as string | undefined,
        fields: first.extensions?.fields,
        problem: first.extensions?.problem,
        values: first.extensions?.values,
        shortMessage: first.message,
        cause: result.error,
      })
    throw new ApiRequestError({
      code: 'NETWORK_ERROR',
      shortMessage: 'Billfold could not reach its server. Check your connection and try again.',
      cause: result.error,
    })
  }
  return result.data as Data
}

export const query = <Data, Variables extends AnyVariables>(
  document: TypedDocumentNode<Data, Variables>,
  variables = {} as Variables,
) => run('query', document, variables)
export const mutate = <Data, Variables extends AnyVariables>(
  document: TypedDocumentNode<Data, Variables>,
  variables = {} as Variables,
) => run('mutation', document, variables)
