// Packages bundled (and tree-shaken) into the server, by the production build and by `npm start`'s
// bundle alike: loading their whole packages (every chain viem knows) was most of the start-up time.
// The rest stays in node_modules (PGlite needs its WASM beside it).
export const bundledServerPackages = [
  'viem',
  'graphql-yoga',
  /^@graphql-yoga\//,
  /^@whatwg-node\//,
  /^@envelop\//,
  'ox',
  'lru-cache',
  /^@noble\//,
  /^@scure\//,
  'abitype',
]

/** Whether an import specifier (`viem/chains`, `@noble/curves/secp256k1`…) names a bundled package. */
export function isBundledServerPackage(specifier) {
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  return bundledServerPackages.some((p) => (typeof p === 'string' ? p === name : p.test(`${name}/`)))
}
