import type { GraphQLField } from 'graphql'
import type { Db } from '../../db/createDatabase.ts'
import { isUseCase, type UseCase, type UseCaseRule } from '../../merchants/business/useCase.ts'

/**
 * Field options naming the use case a root field runs. The use case checks the actor itself; the
 * schema's startup check asks every field that is not public to name one (authorizeOperations.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const runs = (useCase: UseCase<any, any, any>) => ({ extensions: { useCase } })

/** The rule of the use case a field names, if it names one. */
export function useCaseRuleOf(field: GraphQLField<unknown, unknown>): UseCaseRule | undefined {
  const useCase: unknown = field.extensions.useCase
  return isUseCase(useCase) ? (useCase as UseCase<{ db: Db }, unknown, unknown>).rule : undefined
}
