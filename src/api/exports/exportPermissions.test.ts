import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { businessMembers } from '../../db/schema.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { can, MEMBER_ROLES, ROLES, type Role } from '../../domain/permissions.ts'
import { isUseCase } from '../../merchants/business/useCase.ts'
import { setReportingCurrency } from '../../payments/repository/payeeSettings.ts'
import { alice, graphql, signIn } from '../testing/graphqlClient.ts'
import { EXPORT_USE_CASES } from './exportRoutes.ts'

// A query each file needs: a month, and a format that needs no books currency.
const EXPORT_QUERY: Record<string, string> = {
  '/export/statement.csv': '?month=2026-11',
  '/export/accounting.csv': '?format=xero-invoices&month=2026-11',
}

describe('every role through every export link', () => {
  let app: TestApp
  const cookies = new Map<Role, string>()
  beforeAll(async () => {
    app = await startTestApp({ anvilUrl: inject('anvilUrl'), watch: false, rateLimitPerMinute: 0 })
    await setReportingCurrency(app.database.db, alice.address, fiatCurrency('EUR')!)
    cookies.set('owner', (await signIn(app.url, alice)).cookie)
    for (const role of MEMBER_ROLES) {
      const member = privateKeyToAccount(generatePrivateKey())
      await app.database.db
        .insert(businessMembers)
        .values({ business: alice.address, member: member.address, role, addedBy: alice.address })
      const { cookie } = await signIn(app.url, member)
      await graphql(app.url, 'mutation($b: String) { actForBusiness(business: $b) { role } }', {
        cookie,
        variables: { b: alice.address },
      })
      cookies.set(role, cookie)
    }
  }, 60_000)
  afterAll(async () => app?.close())

  it('serves under /export/ only links whose use case decides who may download them', async () => {
    expect(Object.keys(EXPORT_USE_CASES).length).toBeGreaterThan(6)
    for (const [path, runs] of Object.entries(EXPORT_USE_CASES)) expect(isUseCase(runs), path).toBe(true)
    const unknown = await fetch(new URL('/export/members.csv', app.url), { headers: { cookie: cookies.get('owner')! } })
    expect(unknown.status).toBe(404)
  })

  it.each(ROLES)('walks %s through every export link as the table says', async (role) => {
    const outcomes: string[] = []
    const expected: string[] = []
    for (const [path, { rule }] of Object.entries(EXPORT_USE_CASES)) {
      const response = await fetch(new URL(path + (EXPORT_QUERY[path] ?? ''), app.url), {
        headers: { cookie: cookies.get(role)! },
      })
      const text = await response.text()
      const error = response.status === 200 ? null : (JSON.parse(text) as { errors: { message: string }[] })
      outcomes.push(`${path}: ${error ? `${response.status} ${error.errors[0]!.message}` : 'allowed'}`)
      const refusal = `403 As ${role} of this business you may not do this (it needs ${rule.permission}).`
      expected.push(`${path}: ${can(role, rule.permission) ? 'allowed' : refusal}`)
    }
    expect(outcomes).toEqual(expected)
    // The owner alone exports the audit log; the cashier and the developer export nothing.
    const allowed = { owner: 7, admin: 6, accountant: 6, cashier: 0, developer: 0 }[role]
    expect(outcomes.filter((o) => o.endsWith('allowed'))).toHaveLength(allowed)
  })
})
