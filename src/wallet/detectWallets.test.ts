import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWalletDetector, WALLET_DETECTION_TIMEOUT_MS, type WalletDetector } from './detectWallets.ts'
import { announce, FakeProvider, walletOn } from './testing/fakeProvider.ts'
import type { DetectionState } from './types.ts'

type FakeWindow = EventTarget & { ethereum?: unknown }

let win: FakeWindow
let detector: WalletDetector | undefined

/** A wallet extension that answers every `eip6963:requestProvider` with its announcement. */
function installAnnouncingWallet(target: EventTarget, provider: unknown, info: Parameters<typeof announce>[2] = {}) {
  target.addEventListener('eip6963:requestProvider', () => announce(target, provider, info))
  announce(target, provider, info)
}

function start(timeoutMs?: number) {
  detector = createWalletDetector({ target: win, timeoutMs })
  const seen: DetectionState['status'][] = [detector.getState().status]
  detector.subscribe((s) => {
    if (seen.at(-1) !== s.status) seen.push(s.status)
  })
  return { detector, seen }
}

beforeEach(() => {
  vi.useFakeTimers()
  win = new EventTarget()
})
afterEach(() => {
  detector?.destroy()
  vi.useRealTimers()
})

describe('createWalletDetector', () => {
  it('waits 5000 ms at most, as the specification fixes', () => {
    expect(WALLET_DETECTION_TIMEOUT_MS).toBe(5000)
  })

  it('is detected at once when a wallet answers the request to announce', () => {
    const provider = walletOn(1)
    win.addEventListener('eip6963:requestProvider', () => announce(win, provider))
    const { detector } = start()
    expect(detector.getState().status).toBe('detected')
    expect(detector.getState().wallets).toMatchObject([
      { key: 'uuid-1', rdns: 'com.example.wallet', name: 'Test Wallet', source: 'eip6963' },
    ])
    expect(detector.getState().wallets[0]!.provider).toBe(provider)
  })

  it('settles as soon as a late wallet announces, without a not-found flash', () => {
    const { detector, seen } = start()
    vi.advanceTimersByTime(3000)
    expect(detector.getState().status).toBe('detecting')
    announce(win, walletOn(1))
    expect(detector.getState().status).toBe('detected')
    vi.advanceTimersByTime(10_000)
    expect(seen).toEqual(['detecting', 'detected'])
  })

  it('says not-found when the wait runs out with no provider, not a moment before', () => {
    const { detector } = start()
    vi.advanceTimersByTime(WALLET_DETECTION_TIMEOUT_MS - 1)
    expect(detector.getState().status).toBe('detecting')
    vi.advanceTimersByTime(1)
    expect(detector.getState()).toEqual({ status: 'not-found', wallets: [] })
  })

  it('still adds a wallet that appears after the wait', () => {
    const { detector, seen } = start()
    vi.advanceTimersByTime(WALLET_DETECTION_TIMEOUT_MS)
    announce(win, walletOn(1))
    expect(detector.getState().status).toBe('detected')
    expect(seen).toEqual(['detecting', 'not-found', 'detected'])
  })

  it('runs detection again on retry and finds a wallet that appeared since', () => {
    const { detector, seen } = start(1000)
    vi.advanceTimersByTime(1000)
    expect(detector.getState().status).toBe('not-found')
    win.addEventListener('eip6963:requestProvider', () => announce(win, walletOn(1)))
    detector.retry()
    expect(detector.getState().status).toBe('detected')
    expect(seen).toEqual(['detecting', 'not-found', 'detecting', 'detected'])
  })

  it('restarts the full wait on retry when still nothing is there', () => {
    const { detector } = start(1000)
    vi.advanceTimersByTime(1000)
    detector.retry()
    expect(detector.getState().status).toBe('detecting')
    vi.advanceTimersByTime(999)
    expect(detector.getState().status).toBe('detecting')
    vi.advanceTimersByTime(1)
    expect(detector.getState().status).toBe('not-found')
  })

  it('lists a provider that lacks request as unsupported, naming the missing method', () => {
    const { detector, seen } = start()
    const noRequest = { on() {}, removeListener() {} }
    announce(win, noRequest, { name: 'Half Wallet' })
    // An unusable provider does not end the wait: a usable one may still come.
    expect(detector.getState().status).toBe('detecting')
    vi.advanceTimersByTime(WALLET_DETECTION_TIMEOUT_MS)
    expect(detector.getState().status).toBe('unsupported')
    expect(detector.getState().wallets[0]).toMatchObject({ name: 'Half Wallet', missingMethods: ['request'] })
    expect(seen).toEqual(['detecting', 'unsupported'])
  })

  it('names every missing method, and treats request as a non-function as missing', () => {
    const { detector } = start()
    announce(win, { request: 'yes' })
    expect(detector.getState().wallets[0]!.missingMethods).toEqual(['request', 'on', 'removeListener'])
  })

  it('is detected when a usable wallet joins an unsupported one', () => {
    const { detector } = start()
    announce(win, {}, { uuid: 'a' })
    announce(win, walletOn(1), { uuid: 'b', rdns: 'com.other' })
    expect(detector.getState().status).toBe('detected')
    expect(detector.getState().wallets).toHaveLength(2)
  })

  it('falls back to window.ethereum, named by its flags', () => {
    win.ethereum = Object.assign(walletOn(1), { isRabby: true, isMetaMask: true })
    const { detector } = start()
    expect(detector.getState()).toMatchObject({
      status: 'detected',
      wallets: [{ name: 'Rabby Wallet', rdns: 'io.rabby', source: 'legacy' }],
    })
  })

  it('calls an unknown window.ethereum "Browser wallet"', () => {
    win.ethereum = walletOn(1)
    const { detector } = start()
    expect(detector.getState().wallets).toMatchObject([{ name: 'Browser wallet', rdns: undefined }])
  })

  it('listens for ethereum#initialized', () => {
    const { detector } = start()
    win.ethereum = Object.assign(walletOn(1), { isMetaMask: true })
    win.dispatchEvent(new Event('ethereum#initialized'))
    expect(detector.getState()).toMatchObject({ status: 'detected', wallets: [{ name: 'MetaMask' }] })
  })

  it('lists a provider announced both ways once, as its EIP-6963 entry', () => {
    const provider = Object.assign(walletOn(1), { isMetaMask: true })
    win.ethereum = provider
    const { detector } = start()
    announce(win, provider, { rdns: 'io.metamask', name: 'MetaMask' })
    expect(detector.getState().wallets).toMatchObject([{ source: 'eip6963', name: 'MetaMask' }])
  })

  it('lists it once in the other order too, and by identifier when the objects differ', () => {
    const provider = walletOn(1)
    installAnnouncingWallet(win, provider, { rdns: 'io.metamask', name: 'MetaMask' })
    win.ethereum = Object.assign(walletOn(1), { isMetaMask: true }) // a different wrapper object
    const { detector } = start()
    win.dispatchEvent(new Event('ethereum#initialized'))
    expect(detector.getState().wallets).toHaveLength(1)
    expect(detector.getState().wallets[0]!.source).toBe('eip6963')
  })

  it('keeps the first of two announcements with the same uuid', () => {
    const first = walletOn(1)
    const { detector } = start()
    announce(win, first, { uuid: 'same', name: 'First' })
    announce(win, walletOn(1), { uuid: 'same', name: 'Impostor' })
    expect(detector.getState().wallets).toHaveLength(1)
    expect(detector.getState().wallets[0]).toMatchObject({ name: 'First' })
    expect(detector.getState().wallets[0]!.provider).toBe(first)
  })

  it('drops icons that are not images or https, and keeps names as plain text', () => {
    const { detector } = start()
    announce(win, walletOn(1), { uuid: 'a', icon: 'javascript:alert(1)', name: '<img src=x onerror=alert(1)>' })
    announce(win, walletOn(1), { uuid: 'b', icon: 'data:text/html,<script>alert(1)</script>', rdns: 'com.b' })
    announce(win, walletOn(1), { uuid: 'c', icon: 'https://wallet.example/icon.png', rdns: 'com.c' })
    announce(win, walletOn(1), { uuid: 'd', icon: 'data:image/png;base64,iVBORw0KGgo=', rdns: 'com.d' })
    const [a, b, c, d] = detector.getState().wallets
    expect(a).toMatchObject({ icon: undefined, name: '<img src=x onerror=alert(1)>' })
    expect(b!.icon).toBeUndefined()
    expect(c!.icon).toBe('https://wallet.example/icon.png')
    expect(d!.icon).toBe('data:image/png;base64,iVBORw0KGgo=')
  })

  it('names a wallet with an empty name after the registry or its identifier', () => {
    const { detector } = start()
    announce(win, walletOn(1), { uuid: 'a', name: '   ', rdns: 'io.metamask' })
    announce(win, walletOn(1), { uuid: 'b', name: '', rdns: 'org.unknown.wallet' })
    announce(win, walletOn(1), { uuid: 'c', name: '', rdns: 'not an rdns' })
    announce(win, walletOn(1), { uuid: 'd', name: 'Evil\u202eWallet\u0007', rdns: 'com.d' })
    expect(detector.getState().wallets.map((w) => w.name)).toEqual([
      'MetaMask',
      'org.unknown.wallet',
      'Unnamed wallet',
      'EvilWallet',
    ])
  })

  it('ignores announcements without info, uuid or provider', () => {
    const { detector } = start()
    win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: null }))
    win.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: { info: { name: 'x' }, provider: walletOn(1) } }),
    )
    win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'x', name: 'x' } } }))
    win.dispatchEvent(new Event('eip6963:announceProvider'))
    expect(detector.getState().wallets).toEqual([])
  })

  it('survives a provider whose properties throw when read', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom')
        },
      },
    )
    const { detector } = start()
    announce(win, hostile)
    expect(detector.getState().wallets[0]!.missingMethods).toEqual(['request', 'on', 'removeListener'])
  })

  it('stops notifying after unsubscribe and stops listening after destroy', () => {
    const { detector } = start()
    const listener = vi.fn()
    const unsubscribe = detector.subscribe(listener)
    announce(win, new FakeProvider(), { uuid: 'a' })
    unsubscribe()
    announce(win, new FakeProvider(), { uuid: 'b', rdns: 'com.b' })
    expect(listener).toHaveBeenCalledTimes(1)
    detector.destroy()
    announce(win, new FakeProvider(), { uuid: 'c', rdns: 'com.c' })
    expect(detector.getState().wallets).toHaveLength(2)
  })
})
