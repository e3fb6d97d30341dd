import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { dataUrl, imageBombs, slowLogo, solidPng } from '../../../../testing/imageBombs.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { alice, signIn } from '../../testing/graphqlClient.ts'
import { sellerInput, setSellerDetails } from '../../testing/invoiceClient.ts'

describe('seller logo limits', () => {
  let app: TestApp
  let cookie: string
  const upload = (logo: Buffer) => setSellerDetails(app.url, cookie, sellerInput({ logo: dataUrl(logo) }))

  beforeAll(async () => {
    app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0 })
    cookie = (await signIn(app.url, alice)).cookie
  }, 60_000)
  afterAll(async () => app?.close())

  for (const bomb of imageBombs)
    it(`refuses ${bomb.name} before drawing it, naming the logo and the limit`, async () => {
      const refused = await upload(bomb.bytes)
      expect(refused.errors).toHaveLength(1)
      expect(refused.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'logo' })
      expect(refused.errors![0]!.message).toMatch(/^The logo /)
      expect(refused.errors![0]!.message).toMatch(bomb.refusal)
    })

  it('draws a logo in a thread of its own: the server answers meanwhile, and a drawing past its time or memory is refused', async () => {
    let drawing = true
    const uploaded = upload(slowLogo).finally(() => (drawing = false))
    const answeredMeanwhile: number[] = []
    while (drawing) {
      const health = await fetch(`${app.url}/healthz`)
      if (drawing) answeredMeanwhile.push(health.status)
    }
    expect(answeredMeanwhile.length).toBeGreaterThan(0)
    expect(answeredMeanwhile.every((status) => status === 200)).toBe(true)
    const refused = await uploaded
    expect(refused.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'logo' })
    // Whichever cap it passes first (time or memory) depends on the machine: either refuses it.
    expect(refused.errors![0]!.message).toMatch(/^The logo took (longer than 2 s|more than 256 MB) to draw/)
  })

  it('still takes a logo within the limits, an SVG drawn to a PNG 600 px wide', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><rect width="300" height="100" fill="#0a7"/></svg>`
    const saved = await upload(Buffer.from(svg))
    expect(saved.errors).toBeUndefined()
    const png = Buffer.from((saved.data!.setSellerDetails.logo as string).split(',')[1]!, 'base64')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([600, 200])
  })

  it('keeps a PNG logo wider than 600 px as one 600 px wide, a narrower one as it came', async () => {
    const pixelsOf = async (png: Buffer) => {
      const saved = await upload(png)
      expect(saved.errors).toBeUndefined()
      const kept = Buffer.from((saved.data!.setSellerDetails.logo as string).split(',')[1]!, 'base64')
      return [kept.readUInt32BE(16), kept.readUInt32BE(20)]
    }
    expect(await pixelsOf(solidPng(1200, 400))).toEqual([600, 200])
    expect(await pixelsOf(solidPng(300, 100))).toEqual([300, 100])
  })
})
