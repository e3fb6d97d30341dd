import { builder } from '../builder.ts'

const ChainInfo = builder.objectRef<{ id: number; name: string; nativeSymbol: string }>('Chain').implement({
  description: 'A chain this Billfold accepts payments on.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    nativeSymbol: t.exposeString('nativeSymbol'),
  }),
})

builder.queryFields((t) => ({
  chains: t.field({ type: [ChainInfo], description: 'The active chains.', resolve: (_, __, ctx) => ctx.chains }),
}))
