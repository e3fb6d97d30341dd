import { availableParallelism } from 'node:os'
import type { Worker } from 'node:worker_threads'
import type { Hex, TypedDataDefinition } from 'viem'
import { startWorker } from '../../payments/threads/startWorker.ts'

export type DelegateSigner = (keyId: string, privateKey: Hex, typedData: TypedDataDefinition) => Promise<Hex>

/** Delegates' signatures on worker threads, so the main thread keeps serving while they are made. */
export function createSigningPool({ size = Math.max(1, Math.min(4, availableParallelism() - 1)) } = {}): {
  sign: DelegateSigner
  close(): Promise<void>
} {
  const start = () => startWorker(import.meta.url, 'signingWorker')
  const pending = new Map<number, { slot: number; resolve: (signature: Hex) => void; reject: (error: Error) => void }>()
  let closing = false
  const spawn = (slot: number): Worker => {
    const worker = start()
    const startedAt = Date.now()
    worker.unref()
    worker.on('message', ({ job, signature, error }: { job: number; signature?: Hex; error?: string }) => {
      const waiting = pending.get(job)
      pending.delete(job)
      if (signature) waiting?.resolve(signature)
      else waiting?.reject(new Error(`the delegate could not sign: ${error}`))
    })
    // A worker that dies fails what it was given (never leaves a request waiting) and is replaced.
    worker.on('exit', () => {
      for (const [job, waiting] of pending) {
        if (waiting.slot !== slot) continue
        pending.delete(job)
        waiting.reject(new Error('the signing thread stopped'))
      }
      // One that cannot even start is not restarted in a tight loop.
      if (!closing)
        setTimeout(
          () => (workers[slot] = closing ? workers[slot]! : spawn(slot)),
          Date.now() - startedAt < 1000 ? 1000 : 0,
        ).unref()
    })
    worker.on('error', () => {})
    return worker
  }
  const workers = Array.from({ length: size }, (_, slot) => spawn(slot))
  let next = 0
  let jobs = 0
  return {
    sign: (keyId, privateKey, typedData) =>
      new Promise<Hex>((resolve, reject) => {
        const job = ++jobs
        const slot = next++ % workers.length
        // An exited worker (threadId -1) is being replaced: say so rather than wait for it.
        if (workers[slot]!.threadId === -1) return reject(new Error('the signing thread is restarting; try again'))
        pending.set(job, { slot, resolve, reject })
        workers[slot]!.postMessage({ job, keyId, privateKey, typedData })
      }),
    close: async () => {
      closing = true
      await Promise.all(workers.map((w) => w.terminate()))
    },
  }
}
