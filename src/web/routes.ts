/**
 * The app's pages as data. App renders them; the build reads them to load each screen's code and
 * name its chunk, and to tell the server which pages it preloads (scripts/screenModules.ts). A new
 * page is its screen's module and one line here. Data only: Node reads this file too.
 */
export type AppRoute = {
  /** wouter's pattern: literal segments and `:id`, which the screen receives as its `id`. */
  path: string
  /** A payer's page needs no session: none is offered, the language picker shows, no payee code is prefetched. */
  audience: 'payer' | 'payee'
  /** The screen's module under src/web; it exports a component named as the file. */
  screen: string
  /**
   * Shown only to a signed-in payee ('session'), and only with the wallet connected to that
   * account ('wallet': the screen then receives `payee` and `walletChainId`); otherwise the sign-in step.
   */
  signIn?: 'session' | 'wallet'
  /**
   * When the screen's code is fetched. 'whenShown' (the default): when it first renders, under the
   * app's Suspense. 'withRoute': when the route opens, already behind the sign-in step, without
   * Suspense (which holds a page back even when its code has arrived). 'atStart': as the app starts,
   * except on a payer's page.
   */
  loads?: 'whenShown' | 'withRoute' | 'atStart'
  /** The server has the browser fetch the screen's code with the HTML: a link opened cold on a phone. */
  preload?: boolean
  /** `:id` is a payment request, fetched as the app starts, beside the page's code. */
  request?: boolean
  /** The screen and the app's modules it imports go in one chunk of this name (scripts/routeChunks.ts). */
  chunk?: string
}

// The first path that matches wins.
export const routes: readonly AppRoute[] = [
  { path: '/pay/:id', audience: 'payer', screen: 'pay/PayPage.tsx', preload: true, request: true, chunk: 'pay' },
  { path: '/requests/:id', audience: 'payee', screen: 'payee/RequestPage.tsx', preload: true, request: true },
  { path: '/receipts/:id', audience: 'payer', screen: 'pay/ReceiptPage.tsx', preload: true, request: true },
  { path: '/l/:id', audience: 'payer', screen: 'pay/PaymentLinkPage.tsx', preload: true },
  { path: '/s/:id', audience: 'payer', screen: 'pay/ScheduleLinkPage.tsx' },
  { path: '/plans/:id', audience: 'payer', screen: 'pay/subscriptions/PlanLinkPage.tsx' },
  { path: '/subscriptions/:id', audience: 'payer', screen: 'pay/subscriptions/SubscriptionPage.tsx' },
  { path: '/', audience: 'payee', screen: 'payee/Dashboard.tsx', signIn: 'session', loads: 'atStart' },
  { path: '/unmatched', audience: 'payee', screen: 'payee/UnmatchedPage.tsx', signIn: 'session', loads: 'atStart' },
  {
    path: '/schedules',
    audience: 'payee',
    screen: 'payee/schedules/SchedulesPage.tsx',
    signIn: 'wallet',
    loads: 'withRoute',
  },
  {
    path: '/plans',
    audience: 'payee',
    screen: 'payee/subscriptions/PlansPage.tsx',
    signIn: 'wallet',
    loads: 'withRoute',
  },
  {
    path: '/subscribers',
    audience: 'payee',
    screen: 'payee/subscriptions/SubscribersPage.tsx',
    signIn: 'session',
    loads: 'withRoute',
  },
  {
    path: '/developers',
    audience: 'payee',
    screen: 'payee/developers/DevelopersPage.tsx',
    signIn: 'wallet',
    loads: 'withRoute',
  },
  { path: '/settings', audience: 'payee', screen: 'payee/SettingsPage.tsx', signIn: 'session', loads: 'withRoute' },
  { path: '/invoices/new', audience: 'payee', screen: 'payee/invoices/NewInvoiceScreen.tsx', signIn: 'wallet' },
  {
    path: '/invoices',
    audience: 'payee',
    screen: 'payee/invoices/InvoicesPage.tsx',
    signIn: 'session',
    loads: 'withRoute',
  },
  {
    path: '/statements',
    audience: 'payee',
    screen: 'payee/books/StatementPage.tsx',
    signIn: 'session',
    loads: 'withRoute',
  },
  { path: '/new', audience: 'payee', screen: 'payee/NewRequestScreen.tsx', signIn: 'wallet' },
  {
    path: '/payouts',
    audience: 'payee',
    screen: 'payee/payouts/PayoutsPage.tsx',
    signIn: 'wallet',
    loads: 'withRoute',
  },
  { path: '/payouts/:id', audience: 'payee', screen: 'payee/payouts/PayoutPage.tsx', signIn: 'session' },
  { path: '/payout/:id', audience: 'payer', screen: 'pay/payout/PayoutReceiptPage.tsx' },
  { path: '/pay-several', audience: 'payer', screen: 'pay/batch/PaySeveralPage.tsx' },
  { path: '/team', audience: 'payee', screen: 'payee/business/TeamPage.tsx', signIn: 'session', loads: 'withRoute' },
  { path: '/join/:id', audience: 'payee', screen: 'payee/business/JoinPage.tsx' },
  { path: '/till/:id', audience: 'payer', screen: 'pos/TillLinkPage.tsx' },
  { path: '/pos', audience: 'payee', screen: 'pos/TillsPage.tsx', signIn: 'wallet', loads: 'withRoute' },
  { path: '/pos/:id/report', audience: 'payee', screen: 'pos/TillReportPage.tsx', signIn: 'session' },
  { path: '/pos/:id', audience: 'payee', screen: 'pos/TillScreen.tsx', signIn: 'session', chunk: 'pos' },
]

/** The component a screen's module exports: named as its file. */
export const screenExport = (screen: string) => screen.slice(screen.lastIndexOf('/') + 1).replace(/\.tsx$/, '')
