import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql'
import { BadUserInputError } from '../../domain/errors/input.ts'
import type { ApiContext } from './context.ts'

/**
 * The field of the first string in `value` that holds U+0000, named as the API names fields
 * (`buyer.name`, `lines[3].note`: an `input` argument's own name left out).
 */
function nulField(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined
  if (value === null || typeof value !== 'object') return undefined
  for (const [key, inner] of Object.entries(value)) {
    const name = Array.isArray(value)
      ? `${path}[${key}]`
      : !path && key === 'input' && typeof inner === 'object'
        ? ''
        : path
          ? `${path}.${key}`
          : key
    const found = nulField(inner, name)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL in any argument of any operation would reach the
 * database as a server error. Each root operation refuses it first, naming the argument.
 */
export function refuseNulCharacters(schema: GraphQLSchema): GraphQLSchema {
  const refuse = (args: Record<string, unknown>) => {
    const field = nulField(args, '')
    if (field !== undefined)
      throw new BadUserInputError({ field, shortMessage: `${field} must not contain a control character (U+0000).` })
  }
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type) continue
    for (const field of Object.values(type.getFields())) {
      if (field.subscribe) {
        const subscribe = field.subscribe
        field.subscribe = (source, args, ctx: ApiContext, info) => {
          refuse(args)
          return subscribe(source, args, ctx, info)
        }
      }
      const resolve: GraphQLFieldResolver<unknown, ApiContext> = field.resolve ?? defaultFieldResolver
      field.resolve = (source, args, ctx: ApiContext, info) => {
        refuse(args)
        return resolve(source, args, ctx, info)
      }
    }
  }
  return schema
}
