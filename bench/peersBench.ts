import { withPostgres } from './benchProcess.ts'
import { backfillAgainstPonder } from './peers/backfillVsPonder.ts'
import { checkoutsAgainstPeers } from './peers/checkoutsVsPeers.ts'
import { followAgainstPonder } from './peers/followVsPonder.ts'

/** `npm run bench -- peers`: each figure beside a peer's from the same run on this machine. */
export const runPeersBenchmarks = async () => {
  await withPostgres(async (postgres) => {
    await backfillAgainstPonder(postgres)
    if (postgres) await followAgainstPonder(postgres)
    else console.log('\n(Following the head against Ponder SKIPPED: it reads both tools’ rows from PostgreSQL)')
  })
  await checkoutsAgainstPeers()
}
