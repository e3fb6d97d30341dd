import { useStore } from '@nanostores/react'
import { lazy, type ComponentType, type ReactNode } from 'react'
import screens from 'virtual:screens'
import { deferredModule } from './components/deferredModule.ts'
import { commonText } from './i18n/messages.ts'
import { SignInFirst, useSignedInPayee } from './payee/SignInFirst.tsx'
import { payerPage } from './routeLookup.ts'
import { routes, type AppRoute } from './routes.ts'

/** What a screen receives: the path's `:id`, and on a 'wallet' page the signed-in payee and its wallet's chain. */
export type ScreenProps = { id?: string; payee?: `0x${string}`; walletChainId?: number }
type Screen = ComponentType<ScreenProps>

const load = (route: AppRoute) => screens[route.screen]!()

// Built once, as the app starts (an 'atStart' page's code is fetched then).
const lazyScreens = new Map<AppRoute, Screen>()
const deferredScreens = new Map<AppRoute, () => Screen | undefined>()
for (const route of routes) {
  if ((route.loads ?? 'whenShown') === 'whenShown')
    lazyScreens.set(
      route,
      lazy(() => load(route).then((screen) => ({ default: screen }))),
    )
  else
    deferredScreens.set(
      route,
      deferredModule(() => load(route), {
        prefetch: () => route.loads === 'atStart' && !payerPage(window.location.pathname),
      }),
    )
}

/** A route's page: behind the sign-in step when it has one, its code fetched as its route says. */
export function RouteScreen({ route, id }: { route: AppRoute; id: string | undefined }) {
  const useDeferredScreen = deferredScreens.get(route)
  return useDeferredScreen ? (
    <DeferredScreen route={route} useScreen={useDeferredScreen} />
  ) : (
    <LazyScreen route={route} id={id} />
  )
}

function LazyScreen({ route, id }: { route: AppRoute; id: string | undefined }) {
  const Screen = lazyScreens.get(route)!
  return gated(route, (props) => <Screen id={id} {...props} />)
}

function DeferredScreen({ route, useScreen }: { route: AppRoute; useScreen: () => Screen | undefined }) {
  // Called before the gate: the code arrives while the sign-in step shows.
  const Screen = useScreen()
  const t = useStore(commonText)
  return gated(route, (props) => (Screen ? <Screen {...props} /> : <p role="status">{t.loading}</p>))
}

type Render = (props: ScreenProps) => ReactNode

const gated = (route: AppRoute, render: Render) =>
  route.signIn ? <SignInGate route={route}>{render}</SignInGate> : render({})

function SignInGate({ route, children }: { route: AppRoute; children: Render }) {
  const { connection, signedIn } = useSignedInPayee()
  const connected = connection.status === 'connected'
  if (!signedIn || (route.signIn === 'wallet' && !connected)) return <SignInFirst connected={connected} />
  return children(
    route.signIn === 'wallet' && connected ? { payee: connection.address, walletChainId: connection.chainId } : {},
  )
}
