// The floors of the house and which floors each may import: arrows point down only.
// `npm run lint` fails on an import that crosses a floor the wrong way (eslint/floors.test.ts plants some).
export const floors = {
  domain: { files: ['src/domain/**'], may: [] },
  wallet: { files: ['src/wallet/**'], may: ['domain'] },
  db: { files: ['src/db/**'], may: ['domain'] },
  chain: { files: ['src/chain/*.ts', 'src/chain/rpc/**', 'src/chain/devnet/**'], may: ['domain', 'db'] },
  payments: { files: ['src/payments/**'], may: ['domain', 'db', 'chain'] },
  watcher: { files: ['src/chain/watcher/**'], may: ['domain', 'db', 'chain', 'payments'] },
  merchants: { files: ['src/merchants/**'], may: ['domain', 'db', 'chain', 'payments'] },
  http: { files: ['src/http/**'], may: ['domain'] },
  api: { files: ['src/api/**'], may: ['domain', 'db', 'chain', 'payments', 'merchants', 'http'] },
  web: { files: ['src/web/**'], may: ['domain', 'wallet'] },
  server: {
    files: ['src/server/**'],
    may: ['domain', 'wallet', 'db', 'chain', 'payments', 'watcher', 'merchants', 'http', 'api'],
  },
}

/** `import-x/no-restricted-paths` zones: every floor a floor may not import. */
export function floorZones() {
  return Object.entries(floors).flatMap(([name, floor]) =>
    Object.entries(floors)
      .filter(([other]) => other !== name && !floor.may.includes(other))
      .map(([other, below]) => ({
        target: floor.files,
        from: below.files,
        message: `The ${name} floor may not import the ${other} floor (see the layer map in the README).`,
      })),
  )
}
