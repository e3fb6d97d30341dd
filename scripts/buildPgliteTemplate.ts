import { writeFileSync } from 'node:fs'
import { dumpMigratedPglite } from '../src/db/createDatabase.ts'

// Part of `npm run build`: the empty, migrated PGlite data folder the prebuilt server starts from.
const target = new URL('../dist/server/pglite-template.tar.gz', import.meta.url)
const dump = await dumpMigratedPglite()
writeFileSync(target, Buffer.from(await dump.arrayBuffer()))
console.log(`dist/server/pglite-template.tar.gz  ${(dump.size / 1024 / 1024).toFixed(1)} MB`)
