import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BaseError } from '../domain/baseError.ts'

export class SecretBoxError extends BaseError {
  override name = 'SecretBoxError'
  constructor(details: string) {
    super({
      code: 'SECRET_UNREADABLE',
      shortMessage: 'A stored secret could not be opened: SECRET_KEY differs from the one it was sealed with.',
      details,
    })
  }
}

/**
 * Seals the secrets Billfold must be able to use again (API keys' delegate signing keys, webhook
 * signing secrets) with AES-256-GCM, under a key derived from SECRET_KEY for each purpose. A copy of
 * the database alone reveals none of them.
 */
export type SecretBox = { seal(plaintext: string): string; open(sealed: string): string }

export function createSecretBox(secretKey: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'billfold', purpose, 32))
  return {
    seal(plaintext) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
    },
    open(sealed) {
      if (!sealed.startsWith('v1.')) throw new SecretBoxError('unknown format')
      const raw = Buffer.from(sealed.slice(3), 'base64url')
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
        decipher.setAuthTag(raw.subarray(12, 28))
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
      } catch {
        throw new SecretBoxError(`could not authenticate a ${purpose} secret`)
      }
    },
  }
}

/**
 * Development's SECRET_KEY when none is set: made once and kept in the data folder, so sealed
 * secrets survive restarts. Production must set SECRET_KEY (the config refuses to start without).
 */
export function developmentSecretKey(dataDir: string): string {
  const file = join(dataDir, 'secret-key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32).toString('base64url')
  writeFileSync(file, `${key}\n`, { mode: 0o600 })
  return key
}
