import type { GraphQLField, GraphQLSchema } from 'graphql'
import type { Permission } from '../../domain/permissions.ts'
import { OPERATION_PERMISSIONS, type OperationRule } from './operationPermissions.ts'
import { useCaseRuleOf } from './runsUseCase.ts'

/**
 * What a root field needs: the permission of the use case it runs (declared beside the use case), or
 * its entry in OPERATION_PERMISSIONS (`public` or `member`).
 */
export function operationRule(
  type: string,
  field: GraphQLField<unknown, unknown>,
): OperationRule | Permission | undefined {
  return useCaseRuleOf(field)?.permission ?? OPERATION_PERMISSIONS[`${type}.${field.name}`]
}

/**
 * The schema's safety net: every root field runs a use case that checks its actor, or is public, or
 * is a member's own; a field with neither (or both) is a startup error, so no operation is left open
 * by omission and none is checked anywhere but beside its use case.
 */
export function authorizeOperations(schema: GraphQLSchema): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type) continue
    for (const field of Object.values(type.getFields())) {
      const operation = `${type.name}.${field.name}`
      const listed = OPERATION_PERMISSIONS[operation]
      const runsUseCase = useCaseRuleOf(field) !== undefined
      if (runsUseCase && listed !== undefined)
        throw new Error(`${operation} runs a use case: its rule is the use case's, not a table's.`)
      if (!runsUseCase && listed === undefined)
        throw new Error(
          `${operation} names no use case (runs(...)) and is neither public nor a member's own in src/api/graphql/operationPermissions.ts.`,
        )
    }
  }
  return schema
}
