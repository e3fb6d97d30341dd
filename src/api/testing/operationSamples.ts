import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql'

/** A value of an argument's type that GraphQL accepts: what the resolver makes of it does not matter here. */
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType)
  if (isListType(type)) return [sample(type.ofType)]
  if (isEnumType(type)) return type.getValues()[0]!.value
  if (isInputObjectType(type))
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, sample(f.type)]),
    )
  if (isScalarType(type)) {
    if (type.name === 'Int' || type.name === 'Float') return 1
    if (type.name === 'Boolean') return false
    if (type.name === 'DateTime') return '2030-01-01T00:00:00.000Z'
  }
  return '0x0000000000000000000000000000000000000001'
}

/** One operation calling `field` with its required arguments and the least selection it allows. */
export function operationOf(kind: 'query' | 'mutation' | 'subscription', field: GraphQLField<unknown, unknown>) {
  const required = field.args.filter((a) => isNonNullType(a.type))
  const declared = required.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ')
  const passed = required.map((a) => `${a.name}: $${a.name}`).join(', ')
  const named = getNamedType(field.type)
  const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }'
  return {
    query: `${kind}${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`,
    variables: Object.fromEntries(required.map((a) => [a.name, sample(a.type)])),
  }
}
