import { Client, fetchExchange, type AnyVariables, type OperationContext, type TypedDocumentNode } from '@urql/core'
import { ApiRequestError } from './apiRequestError.ts'
import { API_URL } from './apiUrl.ts'

export { ApiRequestError, fieldErrorOf, isFieldError } from './apiRequestError.ts'

export const apiClient = new Client({
  url: API_URL,
  exchanges: [fetchExchange],
  // The session cookie is HttpOnly and same-origin: the browser sends it, the app never sees it.
  fetchOptions: { credentials: 'same-origin' },
  requestPolicy: 'network-only',
})

async function run<Data, Variables extends AnyVariables>(
  kind: 'query' | 'mutation',
  document: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  context?: Partial<OperationContext>,
): Promise<Data> {
  const result = await apiClient[kind](document, variables, context).toPromise()
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
  context?: Partial<OperationContext>,
) => run('query', document, variables, context)
export const mutate = <Data, Variables extends AnyVariables>(
  document: TypedDocumentNode<Data, Variables>,
  variables = {} as Variables,
) => run('mutation', document, variables)
