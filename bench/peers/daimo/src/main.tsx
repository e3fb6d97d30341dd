// Daimo's pay button as its quickstart sets it up: Wagmi, TanStack Query and Daimo's providers.
import { DaimoPayButton, DaimoPayProvider, getDefaultConfig } from '@daimo/pay'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider, createConfig } from 'wagmi'

const config = createConfig(getDefaultConfig({ appName: 'Billfold bench' }))
const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <DaimoPayProvider>
          <main>
            <h1>Order 1042</h1>
            <p>19.99 USDC to the shop</p>
            <DaimoPayButton
              appId="pay-demo"
              toChain={8453}
              toToken="0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
              toUnits="19.99"
              toAddress="0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
            />
          </main>
        </DaimoPayProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
