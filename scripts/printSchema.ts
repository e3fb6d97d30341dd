import { writeFileSync } from 'node:fs'
import { printedSchema } from '../src/api/graphql/schema/index.ts'

// Writes schema.graphql, from which the web app's GraphQL types are generated (npm run schema).
writeFileSync(new URL('../schema.graphql', import.meta.url), printedSchema())
console.log('wrote schema.graphql')
