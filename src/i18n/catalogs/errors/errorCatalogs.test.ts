import { isInputObjectType, isObjectType } from 'graphql'
import { describe, expect, it } from 'vitest'
import de from './de.ts'
import en from './en.ts'
import es from './es.ts'
import fr from './fr.ts'
import ja from './ja.ts'
import ptBR from './pt-BR.ts'
import { apiErrorCodes } from '../../../domain/errors/apiErrorCodes.ts'
import { LANGUAGES } from '../../../domain/locales.ts'
import { MAX_DELEGATION_DAYS } from '../../../domain/delegation.ts'
import { MAX_MEMO_LENGTH, checkPaymentRequestDraft } from '../../../domain/paymentRequest.ts'
import { MAX_TOLERANCE_BPS, checkPriceDraft } from '../../../domain/pricedRequest.ts'
import { MAX_DUE_DAYS, MAX_PERIODS, checkScheduleDraft } from '../../../domain/schedule/scheduleDraft.ts'
import {
  MAX_INVOICE_LINES,
  MAX_INVOICE_NOTES,
  MAX_LINE_DESCRIPTION,
  checkInvoiceDraft,
} from '../../../domain/invoice/invoiceDraft.ts'
import { checkSellerDraft } from '../../../domain/invoice/sellerDraft.ts'
import { MAX_DISPLAY_NAME_LENGTH, MAX_WEBSITE_LENGTH, checkPayeeProfile } from '../../../domain/payeeProfile.ts'
import { schema } from '../../../api/graphql/schema/index.ts'
import * as walletErrors from '../../../wallet/walletErrors.ts'
import enShell from '../shell/en.ts'
import webDe from '../shell/de.ts'
import webEs from '../shell/es.ts'
import webFr from '../shell/fr.ts'
import webJa from '../shell/ja.ts'
import webPtBR from '../shell/pt-BR.ts'
import { INPUT_LIMITS, fillSentence, inputErrorKey } from '../../../web/i18n/errorText.ts'

const catalogs = { en, es, de, fr, 'pt-BR': ptBR, ja }
const walletCatalogs = {
  en: enShell.walletErrors,
  es: webEs.walletErrors,
  de: webDe.walletErrors,
  fr: webFr.walletErrors,
  'pt-BR': webPtBR.walletErrors,
  ja: webJa.walletErrors,
}
const clientCodes = ['NETWORK_ERROR', 'BAD_REQUEST', 'INTERNAL_SERVER_ERROR']

const walletCodes = Object.values(walletErrors)
  .filter((value) => typeof value === 'function' && value.prototype instanceof walletErrors.WalletError)
  .map((WalletErrorClass) => {
    // Each takes its own details; one takes the list of methods a wallet lacks.
    const Made = WalletErrorClass as new (fields: object) => walletErrors.WalletError
    return (Made === walletErrors.WalletNotCapableError ? new Made([]) : new Made({})).code
  })

/** Every name an API client sends a value under: GraphQL's input fields and arguments, and the fields errors name. */
const apiFieldNames = new Set<string>(Object.keys(en.inputErrors).flatMap((key) => [key, key.split('.').at(-1)!]))
for (const type of Object.values(schema.getTypeMap())) {
  if (type.name.startsWith('__')) continue
  if (isInputObjectType(type)) for (const name of Object.keys(type.getFields())) apiFieldNames.add(name)
  if (isObjectType(type))
    for (const field of Object.values(type.getFields())) for (const arg of field.args) apiFieldNames.add(arg.name)
}
// Names no language would write in a sentence: camelCase, dotted paths, snake_case.
const identifiers = [...apiFieldNames].filter((name) => /[a-z][A-Z]|[._]/.test(name) && name !== 'other')
const plainNames = [...apiFieldNames].filter((name) => /^[a-z]+$/.test(name))

/** The figures the API sends with a problem (`values`), for the sentences that quote them. */
const figuresSent: Record<string, Record<string, number>> = { 'url.tooMany': { max: 10 } }

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const sentences = (catalog: typeof en) => [
  ...Object.entries(catalog.apiErrors),
  ...Object.entries(catalog.inputErrors).map(([key, text]) => [key, fillSentence(text, INPUT_LIMITS[key] ?? {})]),
]

describe('error sentences', () => {
  it('exist for every language offered, and only for those', () => {
    expect(Object.keys(catalogs).sort()).toEqual(Object.keys(LANGUAGES).sort())
  })

  it('finds the API’s field names to keep out of them', () => {
    expect(identifiers).toEqual(expect.arrayContaining(['maxAmount', 'minAmount', 'startsOn', 'chainId', 'dueAt']))
    expect(plainNames).toEqual(expect.arrayContaining(['to', 'day', 'amount', 'memo']))
    expect(walletCodes).toEqual(expect.arrayContaining(['WALLET_USER_REJECTED', 'WALLET_WRONG_CHAIN']))
  })

  for (const [locale, catalog] of Object.entries(catalogs)) {
    it(`${locale} has a sentence for every error code the API sends and the web client makes`, () => {
      for (const code of [...apiErrorCodes, ...clientCodes])
        expect((catalog.apiErrors as Record<string, string>)[code]?.trim(), code).toMatch(/\p{L}.*[.。]$/u)
      expect(Object.keys(catalog.apiErrors).sort()).toEqual([...apiErrorCodes, ...clientCodes].sort())
    })

    it(`${locale} has a sentence for every wallet error code`, () => {
      const texts = walletCatalogs[locale as keyof typeof walletCatalogs] as Record<string, string>
      for (const code of walletCodes) {
        expect(texts[code]?.trim(), code).toMatch(/\p{L}/u)
        expect(texts[`${code}_action`]?.trim(), `${code}_action`).toMatch(/\p{L}/u)
      }
    })

    it(`${locale} keeps English's placeholders and fills each`, () => {
      expect(Object.keys(catalog.inputErrors).sort()).toEqual(Object.keys(en.inputErrors).sort())
      for (const [key, text] of Object.entries(catalog.inputErrors)) {
        expect(placeholders(text), key).toEqual(placeholders(en.inputErrors[key as keyof typeof en.inputErrors]))
        const filled = fillSentence(text, { ...INPUT_LIMITS[key], line: 3, ...figuresSent[key] })
        expect(placeholders(filled), key).toEqual([])
      }
      for (const [code, text] of Object.entries(catalog.apiErrors)) expect(placeholders(text), code).toEqual([])
    })

    it(`${locale} never names an API field`, () => {
      for (const [key, text] of sentences(catalog)) {
        for (const name of identifiers) expect(text, key).not.toMatch(new RegExp(`(^|[^\\w.])${name}(?![\\w])`))
        // "to must be an address", "day must be…", "startsOn is in the past": a field as the subject.
        for (const name of plainNames)
          expect(text, key).not.toMatch(new RegExp(`(^|[.:;] )${name} (must|is|has|can)\\b`))
      }
    })
  }

  it('quotes the limits the checks apply', () => {
    expect(INPUT_LIMITS).toEqual({
      memo: { max: MAX_MEMO_LENGTH },
      tolerance: { max: MAX_TOLERANCE_BPS / 100 },
      count: { max: MAX_PERIODS },
      dueDays: { max: MAX_DUE_DAYS },
      notes: { max: MAX_INVOICE_NOTES },
      lines: { max: MAX_INVOICE_LINES },
      'lines.description': { max: MAX_LINE_DESCRIPTION },
      displayName: { max: MAX_DISPLAY_NAME_LENGTH },
      website: { max: MAX_WEBSITE_LENGTH },
      expiresAt: { max: MAX_DELEGATION_DAYS },
    })
  })

  it('has its own sentence for every field the checks shared by form and server refuse', () => {
    const now = new Date('2026-11-26T12:00:00Z')
    const refused = {
      ...failures(
        checkPaymentRequestDraft(
          { chainId: 'x', asset: 'x', amount: '-1', payer: 'x', memo: 'm'.repeat(300), dueAt: 'x' },
          { assets: [] },
        ),
      ),
      ...failures(
        checkPriceDraft({ currency: 'XXX', price: '-1', acceptedAssets: [], tolerance: '99' }, { quotable: [] }),
      ),
      ...failures(
        checkScheduleDraft({ interval: 'x', day: 40, month: 13, startsOn: '2000-01-01', count: 0, dueDays: 0 }, now),
      ),
      ...failures(checkScheduleDraft({ interval: 'year', day: 31, month: 2, startsOn: '2000-01-01', dueDays: 1 }, now)),
      ...failures(
        checkInvoiceDraft(
          {
            buyer: { name: '', address: 'a'.repeat(400), taxId: 't'.repeat(50), email: 'x' },
            lines: [{ description: 'd'.repeat(300), quantity: '0', unitPrice: 'x', taxRate: '200' }],
            rounding: 'x',
            issueDate: 'x',
            dueDate: 'x',
            notes: 'n'.repeat(1200),
            language: 'xx',
          },
          { minorDigits: 2 },
        ),
      ),
      ...failures(
        checkInvoiceDraft(
          {
            buyer: { name: 'B', address: '', taxId: '', email: '' },
            lines: [],
            rounding: 'line',
            issueDate: '2026-11-26',
            dueDate: '2026-11-01',
            notes: '',
            language: 'en',
          },
          { minorDigits: 2 },
        ),
      ),
      ...prefixed(
        'seller.',
        failures(
          checkSellerDraft({
            legalName: '',
            address: 'a'.repeat(400),
            taxId: 't'.repeat(50),
            email: 'x',
            paymentTermsDays: -1,
            numberPattern: 'x',
            rounding: 'x',
          }),
        ),
      ),
      ...failures(checkPayeeProfile({ displayName: '', website: 'not a site' })),
    }
    const keys = Object.keys(refused).map((path) =>
      path.startsWith('seller.')
        ? inputErrorKey(path.slice(7), 'seller', en.inputErrors)
        : inputErrorKey(path, undefined, en.inputErrors),
    )
    expect(keys.length).toBeGreaterThan(30)
    for (const key of keys) expect(Object.keys(en.inputErrors), key).toContain(key)
    expect(keys).not.toContain('other')
  })
})

function failures(checked: { ok: true } | { ok: false; errors: object }): Record<string, unknown> {
  return checked.ok ? {} : { ...checked.errors }
}

const prefixed = (prefix: string, errors: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(errors).map(([path, problem]) => [prefix + path, problem]))
