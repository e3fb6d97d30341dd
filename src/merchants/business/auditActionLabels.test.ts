import { describe, expect, it } from 'vitest'
import { useCaseRuleOf } from '../../api/graphql/runsUseCase.ts'
import { schema } from '../../api/graphql/schema/index.ts'
import { createRestApi } from '../../api/rest/restApi.ts'
import type { RestApiOptions } from '../../api/rest/restApiOptions.ts'
import { PAYOUT_SENT_ACTION, REFUND_SENT_ACTION } from '../../domain/audit.ts'
import { LANGUAGES } from '../../domain/locales.ts'

const catalogs = import.meta.glob<{ default: { 'payee/business/auditActions': Record<string, string> } }>(
  '../../i18n/catalogs/payee/business/auditActions/*.ts',
  { eager: true },
)

/** Every action the audit log can hold: the audited use cases' of GraphQL and REST, every mutation's name, and what the chain shows. */
function recordedActions(): string[] {
  const roots = [schema.getQueryType()!, schema.getMutationType()!, schema.getSubscriptionType()!]
  const graphqlRules = roots.flatMap((type) => Object.values(type.getFields()).map(useCaseRuleOf))
  const restRules = createRestApi({} as RestApiOptions).routes.map(([, , runs]) => runs.rule)
  const audited = [...graphqlRules, ...restRules].flatMap((rule) => (rule?.audited ? [rule.action] : []))
  return [
    ...new Set([
      ...audited,
      ...Object.keys(schema.getMutationType()!.getFields()),
      REFUND_SENT_ACTION,
      PAYOUT_SENT_ACTION,
    ]),
  ].sort()
}

describe('the audit log’s actions', () => {
  const actions = recordedActions()

  it('are found in the code: the use cases that record one and the mutations', () => {
    expect(actions).toEqual(expect.arrayContaining(['createPaymentRequest', 'prepareRefund', 'revokeApiKey', 'signIn']))
  })

  it.each(Object.keys(LANGUAGES))('each have a sentence in %s', (code) => {
    const labels =
      catalogs[`../../i18n/catalogs/payee/business/auditActions/${code}.ts`]!.default['payee/business/auditActions']
    expect(actions.filter((action) => !Object.hasOwn(labels, action))).toEqual([])
  })
})
