import { describe, expect, it } from 'vitest'
import { periodicTask } from './periodicTask.ts'
import { deferred, manualClock, settle } from './testing/manualClock.ts'

describe('a periodic task', () => {
  it('runs a pass at start and another each interval after the last ended', async () => {
    const { clock, advance } = manualClock()
    let passes = 0
    const task = periodicTask({ name: 't', everyMs: 1000, run: async () => void passes++, onError: () => {}, clock })
    task.start()
    await settle()
    expect(passes).toBe(1)
    await advance(999)
    expect(passes).toBe(1)
    await advance(1)
    expect(passes).toBe(2)
    await task.stop()
  })

  it('waits what a pass asks instead: none to go straight on, longer to back off', async () => {
    const { clock, advance } = manualClock()
    const waits = [0, 0, 5000]
    let passes = 0
    const run = async () => waits[passes++]
    const task = periodicTask({ name: 't', everyMs: 1000, run, onError: () => {}, clock })
    task.start()
    await settle()
    expect(passes).toBe(3)
    await advance(4999)
    expect(passes).toBe(3)
    await advance(1)
    expect(passes).toBe(4)
    await task.stop()
  })

  it('reports a pass that threw and runs the next as usual', async () => {
    const { clock, advance } = manualClock()
    const errors: unknown[] = []
    let passes = 0
    const run = async () => {
      if (++passes === 1) throw new Error('database away')
    }
    const task = periodicTask({ name: 't', everyMs: 1000, run, onError: (e) => errors.push(e), clock })
    task.start()
    await settle()
    expect(errors.map(String)).toEqual(['Error: database away'])
    await advance(1000)
    expect(passes).toBe(2)
    await task.stop()
  })

  it('drains by finishing the pass in hand and taking no more', async () => {
    const { clock, advance, sleeping } = manualClock()
    const inHand = deferred()
    let passes = 0
    let sawAbort = false
    const run = async (signal: AbortSignal) => {
      passes++
      await inHand.promise
      sawAbort = signal.aborted
    }
    const task = periodicTask({ name: 't', everyMs: 1000, run, onError: () => {}, clock })
    task.start()
    await settle()
    let drained = false
    const draining = task.drain().then(() => (drained = true))
    await settle()
    expect(drained).toBe(false)
    inHand.resolve()
    await draining
    expect(sawAbort).toBe(true)
    await advance(10_000)
    expect(passes).toBe(1)
    expect(sleeping()).toBe(0)
  })

  it('stops while waiting for the next pass at once', async () => {
    const { clock, sleeping } = manualClock()
    const task = periodicTask({ name: 't', everyMs: 60_000, run: async () => {}, onError: () => {}, clock })
    task.start()
    await settle()
    expect(sleeping()).toBe(1)
    await task.stop()
    expect(sleeping()).toBe(0)
  })
})
