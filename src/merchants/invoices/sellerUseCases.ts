import type { Db } from '../../db/createDatabase.ts'
import { RateLimitedError } from '../../domain/errors/access.ts'
import { fieldErrors } from '../../domain/errors/input.ts'
import { checkSellerDraft } from '../../domain/invoice/sellerDraft.ts'
import { ImageRefusedError, ImagesBusyError } from '../../payments/images/imageLimits.ts'
import { sanitiseLogo } from '../../payments/invoices/invoiceLogo.ts'
import { saveSellerDetails, sellerDetailsOf } from '../../payments/invoices/sellerDetails.ts'
import type { Actor } from '../business/authorize.ts'
import { defineUseCase } from '../business/useCase.ts'

/** The seller details as a client sends them: optional parts may be absent; `logo` "" removes it, absent keeps it. */
export type SellerDetailsInput = {
  legalName: string
  address?: string | null
  taxId?: string | null
  email?: string | null
  postcode?: string | null
  city?: string | null
  country?: string | null
  vatId?: string | null
  phone?: string | null
  paymentTermsDays: number
  numberPattern: string
  rounding: string
  logo?: string | null
}

const DATA_URL = /^data:image\/(png|svg\+xml);base64,([A-Za-z0-9+/=]+)$/

export const readSellerDetails = defineUseCase({
  action: 'mySellerDetails',
  permission: 'settings:read',
  run: async (actor: Actor, { db }: { db: Db }) => (await sellerDetailsOf(db, actor.address)) ?? null,
})

/** The details printed on new invoices; an SVG logo is drawn to a PNG here (no script of it runs or is kept). */
export const saveSeller = defineUseCase({
  action: 'setSellerDetails',
  permission: 'settings:write',
  audited: () => null,
  run: async (actor: Actor, { db }: { db: Db }, { input }: { input: SellerDetailsInput }) => {
    const checked = checkSellerDraft({
      legalName: input.legalName,
      address: input.address ?? '',
      taxId: input.taxId ?? '',
      email: input.email ?? '',
      postcode: input.postcode ?? '',
      city: input.city ?? '',
      country: input.country ?? '',
      vatId: input.vatId ?? '',
      phone: input.phone ?? '',
      paymentTermsDays: input.paymentTermsDays,
      numberPattern: input.numberPattern,
      rounding: input.rounding,
    })
    let logo: string | null | undefined
    if (input.logo === '') logo = null
    else if (input.logo) {
      const match = DATA_URL.exec(input.logo)
      if (!match)
        throw fieldErrors({ logo: 'The logo must be a data URL of a PNG or an SVG (data:image/png;base64,…).' })
      try {
        logo = Buffer.from(await sanitiseLogo(Buffer.from(match[2]!, 'base64'))).toString('base64')
      } catch (error) {
        if (error instanceof ImageRefusedError) throw fieldErrors({ logo: error.shortMessage })
        if (error instanceof ImagesBusyError)
          throw new RateLimitedError({ field: 'logo', shortMessage: error.shortMessage })
        throw error
      }
    }
    if (!checked.ok) throw fieldErrors(checked.errors)
    return saveSellerDetails(db, actor.address, checked.seller, logo)
  },
})
