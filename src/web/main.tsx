import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { browserChains } from './chains.ts'
import { App } from './App.tsx'
import { readClientConfig } from './clientConfig.ts'
import { trackInputModality } from './components/inputModality.ts'
import { preloadLanguage } from './i18n/i18n.ts'
import { prefetchRequestOfPage } from './requests/paymentRequestQuery.ts'
import { payerPage } from './routeLookup.ts'
import './design/tokens.css'
import './design/base.css'
import './design/primitives.css'
import './design/wallet.css'
import './design/payer.css'
import './design/payee.css'
import './design/print.css'
import './design/pos.css'
import { createWalletCore } from './wallet/walletCore.ts'
import { WalletProvider } from './wallet/WalletProvider.tsx'

trackInputModality()
const clientConfig = readClientConfig()
const core = createWalletCore(browserChains(clientConfig.chains), clientConfig)
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } })
prefetchRequestOfPage(queryClient, location.pathname)

// The reader's language arrives before the first paint (the frame's and the page's audience's chunks, none for English).
await preloadLanguage(payerPage(location.pathname) ? 'payer' : 'payee')

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <WalletProvider core={core}>
        <App />
      </WalletProvider>
    </QueryClientProvider>
  </StrictMode>,
)
