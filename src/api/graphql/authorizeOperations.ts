import { defaultFieldResolver, type GraphQLField, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql'
import { requirePermission } from '../../merchants/business/authorize.ts'
import { recordAudit } from '../../merchants/business/auditLog.ts'
import type { Permission } from '../../domain/permissions.ts'
import type { ApiContext } from './context.ts'
import { OPERATION_PERMISSIONS, type OperationRule } from './operationPermissions.ts'
import { useCaseRuleOf } from './runsUseCase.ts'

/** What a change was made to: the id among its arguments, else the id of what it made. */
function objectIdOf(args: Record<string, unknown>, result: unknown): string | null {
  for (const [name, value] of Object.entries(args))
    if ((name === 'id' || name.endsWith('Id') || name === 'member') && typeof value === 'string') return value
  const made = (result as { id?: unknown } | null)?.id
  return typeof made === 'string' ? made : null
}

/**
 * What a root field needs: the permission of the use case it runs (declared beside the use case),
 * or its entry in OPERATION_PERMISSIONS (`public`, `member`, or a permission not yet with its use case).
 */
export function operationRule(type: string, field: GraphQLField<unknown, unknown>): OperationRule | undefined {
  return useCaseRuleOf(field)?.permission ?? OPERATION_PERMISSIONS[`${type}.${field.name}`]
}

/**
 * The schema's safety net: every root field runs a use case that checks its actor, or is public, or
 * is a member's own; a field with neither is a startup error, so no operation is left open by
 * omission. Fields whose rule is still in OPERATION_PERMISSIONS are checked and audited here.
 */
export function authorizeOperations(schema: GraphQLSchema): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type) continue
    for (const field of Object.values(type.getFields())) {
      const operation = `${type.name}.${field.name}`
      const listed = OPERATION_PERMISSIONS[operation]
      if (useCaseRuleOf(field)) {
        if (listed !== undefined)
          throw new Error(`${operation} runs a use case: its rule is the use case's, not a table's.`)
        continue
      }
      if (listed === undefined)
        throw new Error(
          `${operation} names no use case (runs(...)) and has no rule in src/api/graphql/operationPermissions.ts.`,
        )
      if (listed === 'public' || listed === 'member') continue
      guard(type.name, field, listed)
    }
  }
  return schema
}

function guard(typeName: string, field: GraphQLField<unknown, ApiContext>, permission: Permission) {
  const actorOf = async (ctx: ApiContext) => requirePermission(await ctx.actor(), permission)
  if (typeName === 'Subscription') {
    const subscribe = field.subscribe!
    field.subscribe = async (source, args, ctx: ApiContext, info) => {
      await actorOf(ctx)
      return subscribe(source, args, ctx, info)
    }
    return
  }
  const resolve: GraphQLFieldResolver<unknown, ApiContext> = field.resolve ?? defaultFieldResolver
  const audited = typeName === 'Mutation'
  field.resolve = async (source, args, ctx: ApiContext, info) => {
    const actor = await actorOf(ctx)
    const result = await resolve(source, args, ctx, info)
    if (audited)
      await recordAudit(ctx.db, actor, {
        action: field.name,
        objectId: objectIdOf(args, result),
        clientIp: ctx.clientIp,
      })
    return result
  }
}
