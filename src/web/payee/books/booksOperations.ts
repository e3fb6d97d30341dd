import { graphql } from '../../graphql/graphql.ts'

export const MyReportingCurrencyQuery = graphql(`
  query MyReportingCurrency {
    myReportingCurrency
  }
`)

export const SetReportingCurrencyMutation = graphql(`
  mutation SetReportingCurrency($currency: String!) {
    setReportingCurrency(currency: $currency)
  }
`)

export const MyStatementQuery = graphql(`
  query MyStatement($month: String!) {
    myStatement(month: $month) {
      month
      currency
      total
      totalDecimal
      unvalued
      lines {
        kind
        blockTime
        chainId
        txHash
        blockNumber
        requestId
        memo
        symbol
        amountDecimal
        value
        valueDecimal
        rate
        valuedAt
        tokenRound
        currencyRound
      }
    }
  }
`)

export const MyAccountingSettingsQuery = graphql(`
  query MyAccountingSettings {
    myAccountingSettings {
      chart
      consultantNumber
      clientNumber
      fiscalYearStart
      accountLength
      accounts {
        role
        account
        own
      }
    }
  }
`)

export const SetAccountingSettingsMutation = graphql(`
  mutation SetAccountingSettings($input: AccountingSettingsInput!) {
    setAccountingSettings(input: $input) {
      chart
      consultantNumber
      clientNumber
      fiscalYearStart
      accountLength
      accounts {
        role
        account
        own
      }
    }
  }
`)
