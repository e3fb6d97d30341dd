import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql'
import { requirePermission } from '../../merchants/business/authorize.ts'
import { recordAudit } from '../../merchants/business/auditLog.ts'
import type { ApiContext } from './context.ts'
import { OPERATION_PERMISSIONS } from './operationPermissions.ts'

/** What a change was made to: the id among its arguments, else the id of what it made. */
function objectIdOf(args: Record<string, unknown>, result: unknown): string | null {
  for (const [name, value] of Object.entries(args))
    if ((name === 'id' || name.endsWith('Id') || name === 'member') && typeof value === 'string') return value
  const made = (result as { id?: unknown } | null)?.id
  return typeof made === 'string' ? made : null
}

/**
 * Puts each root operation behind the rule OPERATION_PERMISSIONS gives it: the session's role must
 * hold the permission before the resolver runs, and a change made with it goes into the business's
 * audit log. A root field without a rule is a startup error, so no operation is left open by omission.
 */
export function authorizeOperations(schema: GraphQLSchema): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type) continue
    for (const field of Object.values(type.getFields())) {
      const operation = `${type.name}.${field.name}`
      const rule = OPERATION_PERMISSIONS[operation]
      if (rule === undefined) throw new Error(`${operation} has no rule in src/api/graphql/operationPermissions.ts.`)
      if (rule === 'public') continue
      const actorOf = async (ctx: ApiContext) => {
        const session = await ctx.signedIn()
        return rule === 'member' ? session : requirePermission(session, rule)
      }
      if (type.name === 'Subscription') {
        const subscribe = field.subscribe!
        field.subscribe = async (source, args, ctx: ApiContext, info) => {
          await actorOf(ctx)
          return subscribe(source, args, ctx, info)
        }
        continue
      }
      const resolve: GraphQLFieldResolver<unknown, ApiContext> = field.resolve ?? defaultFieldResolver
      const audited = type.name === 'Mutation' && rule !== 'member'
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
  }
  return schema
}
