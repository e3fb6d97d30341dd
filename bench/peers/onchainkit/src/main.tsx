// OnchainKit's Checkout as its docs set it up: OnchainKitProvider (which brings Wagmi and TanStack Query) and its styles.
import '@coinbase/onchainkit/styles.css'
import { OnchainKitProvider } from '@coinbase/onchainkit'
import { Checkout, CheckoutButton, CheckoutStatus } from '@coinbase/onchainkit/checkout'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { base } from 'wagmi/chains'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OnchainKitProvider apiKey="bench-client-api-key" chain={base}>
      <main>
        <h1>Order 1042</h1>
        <p>19.99 USDC to the shop</p>
        <Checkout productId="bench-product">
          <CheckoutButton coinbaseBranded />
          <CheckoutStatus />
        </Checkout>
      </main>
    </OnchainKitProvider>
  </StrictMode>,
)
