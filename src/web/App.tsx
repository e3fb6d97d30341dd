import { sameAddress } from '../domain/sameAddress.ts'
import { NoticeRegion } from './components/NoticeRegion.tsx'
import { RouteFocus } from './components/RouteFocus.tsx'
import { useDocumentTitle } from './components/useDocumentTitle.ts'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useSession, useSignOut } from './auth/useSession.ts'
import { AccountControl } from './components/AccountControl.tsx'
import { shortAddress } from './components/shortAddress.ts'
import { ConnectButton } from './components/ConnectButton.tsx'
import { LanguagePicker } from './i18n/LanguagePicker.tsx'
import {
  DevelopersRoute,
  HomePage,
  InvoicesRoute,
  NewInvoiceRoute,
  NewRequestPage,
  SchedulesRoute,
  SettingsRoute,
  StatementRoute,
  UnmatchedRoute,
} from './payee/HomePage.tsx'
import { useConnection } from './wallet/WalletProvider.tsx'
import { Link, Route, Switch, useLocation } from 'wouter'

// Each page's code is fetched when the page is first shown, so the first paint carries only the shell.
const PayPage = lazy(() => import('./pay/PayPage.tsx').then((m) => ({ default: m.PayPage })))
const RequestPage = lazy(() => import('./payee/RequestPage.tsx').then((m) => ({ default: m.RequestPage })))
const ReceiptPage = lazy(() => import('./pay/ReceiptPage.tsx').then((m) => ({ default: m.ReceiptPage })))
const PaymentLinkPage = lazy(() => import('./pay/PaymentLinkPage.tsx').then((m) => ({ default: m.PaymentLinkPage })))
const ScheduleLinkPage = lazy(() => import('./pay/ScheduleLinkPage.tsx').then((m) => ({ default: m.ScheduleLinkPage })))

function NotFoundTitle() {
  useDocumentTitle('Page not found')
  return null
}

export function App() {
  const connection = useConnection()
  const session = useSession()
  const { mutate: signOut } = useSignOut()
  const [switchedNotice, setSwitchedNotice] = useState(false)
  const [location] = useLocation()
  // A payer's pages (pay, receipt, payment link): paying needs no session, so none is offered.
  const onPayerPage = /^\/(pay|receipts|l|s)\//.test(location)
  const signedInAs = session.data?.address
  const connectedAs = connection.status === 'connected' ? connection.address : undefined

  // A session belongs to one account: switching accounts in the wallet signs the old one out.
  useEffect(() => {
    if (signedInAs && connectedAs && !sameAddress(signedInAs, connectedAs)) {
      signOut(undefined, { onSuccess: () => setSwitchedNotice(true) })
    }
  }, [signedInAs, connectedAs, signOut])

  return (
    <>
      <header className="site-header">
        <Link className="brand" href="/">
          Billfold
        </Link>
        <div className="header-end">
          {onPayerPage && <LanguagePicker />}
          {connection.status === 'connected' ? (
            <AccountControl address={connection.address} chainId={connection.chainId} payer={onPayerPage} />
          ) : (
            <div className="account">
              {signedInAs && !onPayerPage && (
                <span className="badge installed" data-testid="signed-in">
                  Signed in as {shortAddress(signedInAs as `0x${string}`)}
                </span>
              )}
              <ConnectButton />
            </div>
          )}
        </div>
      </header>
      {switchedNotice && (
        <p role="status" className="notice warning banner">
          You switched accounts in your wallet, so Billfold signed you out. Sign in again with this account.
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setSwitchedNotice(false)}>
            ×
          </button>
        </p>
      )}
      <NoticeRegion />
      <RouteFocus />
      <main className="page">
        <Suspense fallback={<p role="status">Loading…</p>}>
          <Switch>
            <Route path="/pay/:id">{(params) => <PayPage id={params.id} />}</Route>
            <Route path="/requests/:id">{(params) => <RequestPage id={params.id} />}</Route>
            <Route path="/receipts/:id">{(params) => <ReceiptPage id={params.id} />}</Route>
            <Route path="/l/:id">{(params) => <PaymentLinkPage id={params.id} />}</Route>
            <Route path="/s/:id">{(params) => <ScheduleLinkPage id={params.id} />}</Route>
            <Route path="/schedules">
              <SchedulesRoute />
            </Route>
            <Route path="/unmatched">
              <UnmatchedRoute />
            </Route>
            <Route path="/developers">
              <DevelopersRoute />
            </Route>
            <Route path="/settings">
              <SettingsRoute />
            </Route>
            <Route path="/invoices/new">
              <NewInvoiceRoute />
            </Route>
            <Route path="/invoices">
              <InvoicesRoute />
            </Route>
            <Route path="/statements">
              <StatementRoute />
            </Route>
            <Route path="/new">
              <NewRequestPage />
            </Route>
            <Route path="/">
              <HomePage />
            </Route>
            <Route>
              <NotFoundTitle />
              <h1>Page not found</h1>
              <p>
                <Link href="/">Go to the start page</Link>
              </p>
            </Route>
          </Switch>
        </Suspense>
      </main>
    </>
  )
}
