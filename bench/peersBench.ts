import { withPostgres } from './benchProcess.ts'
import { backfillAgainstPonder } from './peers/backfillVsPonder.ts'
import { checkoutsAgainstPeers } from './peers/checkoutsVsPeers.ts'
import { followThreeChains } from './peers/followThreeChains.ts'
import { followAgainstPonder } from './peers/followVsPonder.ts'

/** `PEERS_ONLY=follow` (or `backfill`, `chains`, `checkouts`, comma-separated) runs only those parts. */
const only = process.env.PEERS_ONLY?.split(',').map((part) => part.trim())
const runs = (part: string) => !only || only.includes(part)

/** `npm run bench -- peers`: each figure beside a peer's from the same run on this machine. */
export const runPeersBenchmarks = async () => {
  await withPostgres(async (postgres) => {
    if (runs('backfill')) await backfillAgainstPonder(postgres)
    if (runs('follow'))
      if (postgres) await followAgainstPonder(postgres)
      else console.log('\n(Following the head against Ponder SKIPPED: it reads both tools’ rows from PostgreSQL)')
    if (runs('chains')) await followThreeChains(postgres)
  })
  if (runs('checkouts')) await checkoutsAgainstPeers()
}
