import { startPostgresCluster } from './testing/postgresCluster.ts'
import postgres from 'postgres'
process.on('uncaughtException', (e) => console.log('UNCAUGHT', e.message))
const c = await startPostgresCluster()
const d = await c.createDatabase()
const f = postgres(d.failoverUrl, { max: 4, onnotice: () => {} })
let stop = false
const worker = async (i: number) => { while (!stop) { await f`select pg_sleep(0.01), ${i}::int`.catch(() => {}); } }
const ws = [0,1,2,3,4,5,6,7].map(worker)
await new Promise(r => setTimeout(r, 300))
c.killPrimary()
await new Promise(r => setTimeout(r, 1000))
c.promoteReplica()
await new Promise(r => setTimeout(r, 1000))
const t = Date.now()
const results = await Promise.all([0,1,2,3,4,5].map(() => Promise.race([f`select 1 as x`.then(() => 'ok', (e) => 'err ' + e.code), new Promise(r => setTimeout(() => r('HANG'), 5000))])))
console.log(results, Date.now() - t)
stop = true
await c.stop(); process.exit(0)
