import { Client, fetchExchange, type AnyVariables, type TypedDocumentNode } from '@urql/core'
import { BaseError } from '../../domain/baseError.ts'

/** An error the API answered with, carrying its stable code and the sentence to show. */
export class ApiRequestError extends BaseError {
  override name = 'ApiRequestError'
  readonly field: string | undefined
  constructor(fields: { code: string; shortMessage: string; field?: string; cause?: unknown }) {
    super(fields)
    this.field = fields.field
  }
}

/** The API's sentence about `field`, when `error` is about that field: shown under the input it concerns. */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  return error instanceof ApiRequestError && error.field === field ? error.shortMessage : undefined
}

/** Whether the API's error is about one of `fields` (a form shows those under their inputs, the rest in a notice). */
export const isFieldError = (error: unknown, fields: readonly string[]) =>
  error instanceof ApiRequestError && fields.includes(error.field ?? '')

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
