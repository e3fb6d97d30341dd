import type { Db } from '../../db/createDatabase.ts'
import { recomputeStatuses, requestsDueForRecompute } from '../../payments/repository/recomputeStatuses.ts'
import type { WatcherEvent } from '../read/watcherEvents.ts'
import { rollBack } from './rollBack.ts'
import { writeRange, type WriteOptions } from './writeRange.ts'

/** The write stage: the only place the watcher writes. Returns the requests whose status changed. */
export async function writeEvent(db: Db, event: WatcherEvent, options: WriteOptions): Promise<string[]> {
  switch (event.type) {
    case 'reorg':
      return rollBack(db, event, options)
    case 'range':
      return writeRange(db, event, options)
    case 'finalize':
      // Expires open requests past their due date and matures pending ones, whatever the reading did.
      return recomputeStatuses(db, await requestsDueForRecompute(db, options.chainId), {
        head: event.head,
        confirmations: options.confirmations,
        chainId: options.chainId,
      })
  }
}
