import { useStore } from '@nanostores/react'
import { sameAddress } from '../domain/sameAddress.ts'
import { NoticeRegion } from './components/NoticeRegion.tsx'
import { RouteFocus } from './components/RouteFocus.tsx'
import { useDocumentTitle } from './components/useDocumentTitle.ts'
import { Suspense, useEffect, useState } from 'react'
import { useSession, useSignOut } from './auth/useSession.ts'
import { AccountControl } from './components/AccountControl.tsx'
import { shortAddress } from './components/shortAddress.ts'
import { ConnectButton } from './components/ConnectButton.tsx'
import { LanguagePicker } from './i18n/LanguagePicker.tsx'
import { fillText } from './i18n/fill.tsx'
import { appText, commonText } from './i18n/messages.ts'
import { payerPage } from './routeLookup.ts'
import { routes } from './routes.ts'
import { RouteScreen } from './RouteScreen.tsx'
import { useConnection } from './wallet/WalletProvider.tsx'
import { Link, Route, Switch, useLocation } from 'wouter'

function NotFoundTitle() {
  useDocumentTitle(useStore(appText).notFound)
  return null
}

export function App() {
  const connection = useConnection()
  const t = useStore(appText)
  const common = useStore(commonText)
  const session = useSession()
  const { mutate: signOut } = useSignOut()
  const [switchedNotice, setSwitchedNotice] = useState(false)
  const [location] = useLocation()
  // A payer's pages (pay, receipt, payment link): paying needs no session, so none is offered.
  const onPayerPage = payerPage(location)
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
          <LanguagePicker />
          {connection.status === 'connected' ? (
            <AccountControl address={connection.address} chainId={connection.chainId} payer={onPayerPage} />
          ) : (
            <div className="account">
              {signedInAs && !onPayerPage && (
                <span className="badge installed" data-testid="signed-in">
                  {fillText(t.signedInAs, { address: shortAddress(signedInAs as `0x${string}`) })}
                </span>
              )}
              <ConnectButton />
            </div>
          )}
        </div>
      </header>
      {switchedNotice && (
        <p role="status" className="notice warning banner">
          {t.switchedAccounts}
          <button type="button" className="icon-button" aria-label={t.dismiss} onClick={() => setSwitchedNotice(false)}>
            ×
          </button>
        </p>
      )}
      <NoticeRegion />
      <RouteFocus />
      <main className="page">
        <Suspense fallback={<p role="status">{common.loading}</p>}>
          <Switch>
            {routes.map((route) => (
              <Route key={route.path} path={route.path}>
                {(params: { id?: string }) => <RouteScreen route={route} id={params.id} />}
              </Route>
            ))}
            <Route>
              <NotFoundTitle />
              <h1>{t.notFound}</h1>
              <p>
                <Link href="/">{t.goToStart}</Link>
              </p>
            </Route>
          </Switch>
        </Suspense>
      </main>
    </>
  )
}
