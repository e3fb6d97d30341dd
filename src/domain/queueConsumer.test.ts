import { describe, expect, it } from 'vitest'
import { queueConsumer, type Wake } from './queueConsumer.ts'
import { deferred, manualClock, settle } from './testing/manualClock.ts'

/** A consumer whose passes are recorded (`undefined` for a sweep), with the wake its queue calls. */
function recordingConsumer(options: { pollMs?: number; gatherMs?: number; hold?: Promise<void> } = {}) {
  const { clock, advance, sleeping } = manualClock()
  const passes: (readonly string[] | undefined)[] = []
  const subscribed = deferred()
  let wake: Wake = () => {}
  const consumer = queueConsumer({
    name: 'q',
    pollMs: options.pollMs ?? 30_000,
    gatherMs: options.gatherMs,
    subscribe: async (w) => {
      wake = w
      await subscribed.promise
    },
    run: async (keys) => {
      passes.push(keys)
      await options.hold
    },
    onError: () => {},
    clock,
  })
  return { consumer, passes, subscribed, wake: (key?: string) => wake(key), advance, sleeping }
}

describe('a queue consumer', () => {
  it('sweeps once subscribed, then takes each item it hears', async () => {
    const { consumer, passes, subscribed, wake } = recordingConsumer()
    consumer.start()
    await settle()
    expect(passes).toEqual([])
    subscribed.resolve()
    await settle()
    expect(passes).toEqual([undefined])
    wake('r1')
    await settle()
    expect(passes).toEqual([undefined, ['r1']])
    await consumer.stop()
  })

  it('takes the items heard within the gathering time in one pass', async () => {
    const { consumer, passes, subscribed, wake, advance } = recordingConsumer({ gatherMs: 50 })
    subscribed.resolve()
    consumer.start()
    await settle()
    wake('r1')
    await settle()
    await advance(10)
    wake('r2')
    wake('r1')
    await advance(40)
    expect(passes).toEqual([undefined, ['r1', 'r2']])
    await consumer.stop()
  })

  it('sweeps when it may have missed notices, and by poll when it heard nothing', async () => {
    const { consumer, passes, subscribed, wake, advance } = recordingConsumer({ pollMs: 1000 })
    subscribed.resolve()
    consumer.start()
    await settle()
    wake()
    await settle()
    expect(passes).toEqual([undefined, undefined])
    await advance(999)
    expect(passes).toHaveLength(2)
    await advance(1)
    expect(passes).toEqual([undefined, undefined, undefined])
    await consumer.stop()
  })

  it('runs one pass at a time: what is heard during one is taken by the next', async () => {
    const hold = deferred()
    const { consumer, passes, subscribed, wake } = recordingConsumer({ hold: hold.promise })
    subscribed.resolve()
    consumer.start()
    await settle()
    wake('r1')
    wake()
    await settle()
    expect(passes).toEqual([undefined])
    hold.resolve()
    await settle()
    expect(passes).toEqual([undefined, ['r1'], undefined])
    await consumer.stop()
  })

  it('sweeps again at once while a pass says more may be pending', async () => {
    const { clock } = manualClock()
    const batches = [true, true, false]
    let passes = 0
    const consumer = queueConsumer({
      name: 'q',
      pollMs: 30_000,
      subscribe: async () => {},
      run: async () => batches[passes++],
      onError: () => {},
      clock,
    })
    consumer.start()
    await settle()
    expect(passes).toBe(3)
    await consumer.stop()
  })

  it('drains by finishing the pass in hand and taking nothing heard after', async () => {
    const hold = deferred()
    const { consumer, passes, subscribed, wake, advance, sleeping } = recordingConsumer({ hold: hold.promise })
    subscribed.resolve()
    consumer.start()
    await settle()
    let drained = false
    const draining = consumer.drain().then(() => (drained = true))
    wake('r1')
    await settle()
    expect(drained).toBe(false)
    hold.resolve()
    await draining
    await advance(60_000)
    expect(passes).toEqual([undefined])
    expect(sleeping()).toBe(0)
  })

  it('still sweeps and polls when it could not subscribe', async () => {
    const errors: unknown[] = []
    const { clock, advance } = manualClock()
    let sweeps = 0
    const consumer = queueConsumer({
      name: 'q',
      pollMs: 1000,
      subscribe: () => Promise.reject(new Error('no LISTEN')),
      run: async () => void sweeps++,
      onError: (e) => errors.push(e),
      clock,
    })
    consumer.start()
    await settle()
    expect(errors.map(String)).toEqual(['Error: no LISTEN'])
    expect(sweeps).toBe(1)
    await advance(1000)
    expect(sweeps).toBe(2)
    await consumer.stop()
  })
})
