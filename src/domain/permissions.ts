import type { ApiKeyScope } from './delegation.ts'

/**
 * Who in a business may do what, decided here and nowhere else. The business's own wallet is its
 * owner; other wallets are members in one role. Each use case declares the permission it needs beside
 * its function and checks it against the actor first (src/merchants/business/useCase.ts); the
 * transports only say who the actor is. The web app reads the same table to hide what a role may not do.
 */
export const ROLES = ['owner', 'admin', 'accountant', 'cashier', 'developer'] as const
export type Role = (typeof ROLES)[number]

/** The roles an invitation may give: there is one owner, the business's own wallet. */
export const MEMBER_ROLES = ['admin', 'accountant', 'cashier', 'developer'] as const satisfies readonly Role[]
export type MemberRole = (typeof MEMBER_ROLES)[number]

export const PERMISSIONS = [
  // Requests, payments, the dashboard, transfers that match nothing.
  'requests:read',
  'requests:create',
  'requests:cancel',
  'refunds:send',
  // Payouts to many addresses, sent by the business's wallet.
  'payouts:send',
  'transfers:assign',
  // Invoices and credit notes.
  'invoices:read',
  'invoices:write',
  // Statements, exports and the settings of the books.
  'books:read',
  'books:configure',
  'links:read',
  'links:manage',
  'schedules:read',
  'schedules:manage',
  // The profile, seller details, e-mail and the relayer's state.
  'settings:read',
  'settings:write',
  // The relayer sends what it holds back to the payout address: it moves money.
  'relayer:manage',
  'apiKeys:manage',
  'webhooks:manage',
  'x402:settle',
  // The point of sale: tills are set up by the owner or an admin, sold on and reported by a cashier.
  'tills:manage',
  'sales:sell',
  'sales:readToday',
  'members:manage',
  'audit:read',
  'payout:change',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const everything = PERMISSIONS
const readsEverything: readonly Permission[] = [
  'requests:read',
  'invoices:read',
  'books:read',
  'links:read',
  'schedules:read',
  'settings:read',
  'sales:readToday',
]

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: everything,
  admin: everything.filter((p) => p !== 'members:manage' && p !== 'audit:read' && p !== 'payout:change'),
  accountant: readsEverything,
  cashier: ['sales:sell', 'sales:readToday'],
  developer: ['apiKeys:manage', 'webhooks:manage', 'x402:settle'],
}

/**
 * What each API key scope stands for. A key acts with the permissions of its scopes that its
 * member's role holds now (`keyPermissions`), so a key never does more than the member who made it,
 * even after that member's role changed.
 */
export const SCOPE_PERMISSIONS: Readonly<Record<ApiKeyScope, readonly Permission[]>> = {
  'requests:read': ['requests:read', 'invoices:read', 'schedules:read'],
  'requests:write': ['requests:create', 'requests:cancel', 'refunds:send', 'invoices:write', 'schedules:manage'],
  'webhooks:manage': ['webhooks:manage'],
  'x402:settle': ['x402:settle'],
  'sales:write': ['sales:sell'],
  'sales:read': ['sales:readToday'],
  'tills:manage': ['tills:manage'],
}

/** A role may give a key a scope only when it holds everything the scope stands for. */
export const scopeAllowed = (role: Role, scope: ApiKeyScope): boolean =>
  SCOPE_PERMISSIONS[scope].every((p) => can(role, p))

/** What a key with `scopes`, made by a member in `role`, may do: the role's permissions within the scopes. */
export const keyPermissions = (role: Role | null, scopes: readonly string[]): Permission[] =>
  role === null
    ? []
    : PERMISSIONS.filter((p) => can(role, p) && scopes.some((s) => SCOPE_PERMISSIONS[s as ApiKeyScope]?.includes(p)))

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission)
}

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value)
export const isMemberRole = (value: string): value is MemberRole => (MEMBER_ROLES as readonly string[]).includes(value)
