import { accountFor, type AccountingSettings } from '../../../payments/books/accountingSettings.ts'
import { configureAccounting, readAccountingSettings } from '../../../merchants/books/booksUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { ACCOUNT_ROLES, type AccountRole } from '../../../domain/books/chartOfAccounts.ts'
import { builder } from '../builder.ts'

const Account = builder.objectRef<{ role: AccountRole; settings: AccountingSettings }>('BookingAccount').implement({
  description: 'The account a role books to in the DATEV export.',
  fields: (t) => ({
    role: t.string({
      description:
        'clearing, revenueStandard (19 %), revenueReduced (7 %), revenueTaxFree, revenue (no invoice) or fees.',
      resolve: (a) => a.role,
    }),
    account: t.string({
      description: 'The account booked to.',
      resolve: (a) => accountFor(a.settings, a.role).account,
    }),
    own: t.boolean({
      description: 'Whether the payee set it (else the chart’s default); an own account is given tax keys.',
      resolve: (a) => accountFor(a.settings, a.role).own,
    }),
  }),
})

const Settings = builder.objectRef<AccountingSettings>('AccountingSettings').implement({
  description: 'How the payee’s accounting exports are booked; defaults until they set them.',
  fields: (t) => ({
    chart: t.string({ description: 'SKR03 or SKR04.', resolve: (s) => s.chart }),
    consultantNumber: t.exposeInt('consultantNumber', { description: 'DATEV Beraternummer.' }),
    clientNumber: t.exposeInt('clientNumber', { description: 'DATEV Mandantennummer.' }),
    fiscalYearStart: t.exposeInt('fiscalYearStart', { description: 'The month (1–12) the fiscal year starts in.' }),
    accountLength: t.exposeInt('accountLength', { description: 'Digits of a general ledger account (4–8).' }),
    accounts: t.field({
      type: [Account],
      resolve: (settings) => ACCOUNT_ROLES.map((role) => ({ role, settings })),
    }),
  }),
})

const AccountInput = builder.inputType('BookingAccountInput', {
  fields: (t) => ({
    role: t.string({ required: true }),
    account: t.string({ required: false, description: 'Empty for the chart’s default.' }),
  }),
})

const SettingsInput = builder.inputType('AccountingSettingsInput', {
  fields: (t) => ({
    chart: t.string({ required: true, description: 'SKR03 or SKR04.' }),
    consultantNumber: t.int({ required: true }),
    clientNumber: t.int({ required: true }),
    fiscalYearStart: t.int({ required: true }),
    accountLength: t.int({ required: true }),
    accounts: t.field({ type: [AccountInput], required: true }),
  }),
})

builder.queryFields((t) => ({
  myAccountingSettings: t.field({
    type: Settings,
    description: 'How the signed-in payee’s DATEV export is booked.',
    ...runs(readAccountingSettings),
    resolve: async (_, __, ctx) => readAccountingSettings(await ctx.actor(), { db: ctx.reads }),
  }),
}))

builder.mutationFields((t) => ({
  setAccountingSettings: t.field({
    type: Settings,
    description: 'Sets the chart, the DATEV numbers, the fiscal year and the accounts the exports book to.',
    args: { input: t.arg({ type: SettingsInput, required: true }) },
    ...runs(configureAccounting),
    resolve: async (_, args, ctx) => configureAccounting(await ctx.actor(), { db: ctx.db }, args),
  }),
}))
