import { describe, expect, it } from 'vitest'
import { createSecretBox } from './secretBox.ts'

describe('secret box', () => {
  const key = 'a-test-secret-key-of-32-characters!!'

  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox(key, 'delegate keys')
    const sealed = box.seal('0xprivate')
    expect(sealed).not.toContain('private')
    expect(box.seal('0xprivate')).not.toBe(sealed)
    expect(box.open(sealed)).toBe('0xprivate')
  })

  it('refuses another SECRET_KEY, another purpose and a tampered seal with a coded error', () => {
    const sealed = createSecretBox(key, 'delegate keys').seal('0xprivate')
    expect(() => createSecretBox(`${key}x`, 'delegate keys').open(sealed)).toThrow(
      expect.objectContaining({ code: 'SECRET_UNREADABLE' }),
    )
    expect(() => createSecretBox(key, 'webhook secrets').open(sealed)).toThrow(
      expect.objectContaining({ code: 'SECRET_UNREADABLE' }),
    )
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1)
    expect(() => createSecretBox(key, 'delegate keys').open(flipped)).toThrow(
      expect.objectContaining({ code: 'SECRET_UNREADABLE' }),
    )
  })
})
