import { describe, expect, it } from 'vitest'
import { popularWalletIds, walletRegistry } from './walletRegistry.ts'
import { walletLogo } from './walletLogos.ts'

describe('wallet logos', () => {
  it('gives every popular wallet its logo, as an SVG data URL with no script or external reference', () => {
    for (const id of popularWalletIds) {
      const logo = walletLogo(id)
      expect(logo, id).toMatch(/^data:image\/svg\+xml,/)
      const svg = decodeURIComponent(logo!.slice('data:image/svg+xml,'.length))
      expect(svg, id).toMatch(/^<svg[\s>]/)
      expect(svg, id).not.toMatch(/<script|\bon\w+=|href="(?!#)/i)
    }
  })

  it('has none for a wallet it lacks, which then shows its monogram', () => {
    expect(walletRegistry.some((w) => w.id === 'frame')).toBe(true)
    expect(walletLogo('frame')).toBeUndefined()
  })
})
