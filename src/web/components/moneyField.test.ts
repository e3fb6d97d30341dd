import { describe, expect, it } from 'vitest'
import deCatalog from '../../i18n/catalogs/money/de.ts'
import enCatalog from '../../i18n/catalogs/money/en.ts'
import jaCatalog from '../../i18n/catalogs/money/ja.ts'
import { readMoney } from './MoneyField.tsx'

const [de, en, ja] = [deCatalog.field, enCatalog.field, jaCatalog.field]

const usdc = { symbol: 'USDC', decimals: 6 }

describe('a money field’s reading, in the reader’s language', () => {
  it('reads German amounts and refuses in German, with the locale’s own examples', () => {
    expect(readMoney('1.000,50', usdc, 'de', de)).toEqual({
      decimal: '1000.50',
      value: 1_000_500_000n,
      error: undefined,
    })
    expect(readMoney('12,50 USDC', usdc, 'de', de).value).toBe(12_500_000n)
    expect(readMoney('1.000', usdc, 'de', de).error).toBe(
      '„1.000“ kann 1000 oder 1,000 bedeuten: Geben Sie 1000 oder 1,000 ein, je nachdem, was Sie meinen.',
    )
    expect(readMoney('zwölf', usdc, 'de', de).error).toBe('Geben Sie eine Zahl ein, etwa 1000,50 oder 1.000,50.')
    expect(readMoney('1,0000001', usdc, 'de', de).error).toBe('USDC hat höchstens 6 Nachkommastellen.')
    expect(readMoney('12 €', usdc, 'de', de).error).toBe('Dieser Betrag ist in USDC: Lassen Sie „€“ weg.')
  })

  it('keeps what was typed when it cannot be read, and leaves nothing typed to the form unless required', () => {
    expect(readMoney(' 1.000 ', usdc, 'de', de).decimal).toBe('1.000')
    expect(readMoney('', usdc, 'en-US', en)).toEqual({ decimal: '', value: undefined, error: undefined })
    expect(readMoney('', { ...usdc, required: true }, 'ja', ja).error).toBe('金額を入力してください。')
  })

  it('reads without the asset’s decimals while none is chosen, leaving the limit to the server', () => {
    expect(readMoney('1.000,1234567', { symbol: 'USDC', decimals: undefined }, 'de', de)).toEqual({
      decimal: '1000.1234567',
      value: undefined,
      error: undefined,
    })
  })
})
