import { useMutation, useQuery } from '@tanstack/react-query'
import { concat, encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem'
import { formatAmount } from '../../domain/amount.ts'
import { NATIVE_ASSET, paymentRequestTypedData } from '../../domain/paymentRequest.ts'
import { sameAddress } from '../auth/SessionControl.tsx'
import { publicClientFor } from '../publicClients.ts'
import { ChainLagNotice } from '../components/ChainLagNotice.tsx'
import { ConnectButton } from '../components/ConnectButton.tsx'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { useConnection, useWalletCore } from '../wallet/WalletProvider.tsx'
import { DirectPayPanel } from './DirectPayPanel.tsx'
import { formatDateTime, RequestSummary } from './RequestSummary.tsx'
import { useLiveUpdates, usePaymentRequest, type PaymentRequestData } from './requestOperations.ts'

/** The payer's page: who asks, for what, verified; then one transaction from the payer's wallet. */
export function PayPage({ id }: { id: string }) {
  const request = usePaymentRequest(id)
  const { chains } = useWalletCore()
  useLiveUpdates(id)
  if (request.isPending) return <p role="status">Loading the request…</p>
  if (request.error) return <ErrorNotice error={request.error} />
  const data = request.data
  const chain = chains.find((c) => c.id === data.chainId)
  const chainName = chain?.name ?? `Chain ${data.chainId}`
  return (
    <section className="card" aria-labelledby="pay-title">
      <h1 id="pay-title">Pay this request</h1>
      <ChainLagNotice chainId={data.chainId} />
      <SignatureCheck request={data} />
      <RequestSummary request={data} chainName={chainName} testnet={chain?.testnet === true} />
      <PayAction request={data} chainName={chainName} />
      {(data.status === 'open' || data.status === 'partially_paid') && <DirectPayPanel request={data} chainName={chainName} />}
    </section>
  )
}

/** The payee's EIP-712 signature, checked here in the browser, not only by the server. */
function SignatureCheck({ request }: { request: PaymentRequestData }) {
  const { chains } = useWalletCore()
  const check = useQuery({
    queryKey: ['signature', request.id],
    queryFn: async () => {
      const client = publicClientFor(chains, request.chainId)
      if (!client) return false
      return client.verifyTypedData({
        address: request.payee as Address,
        signature: request.signature as Hex,
        ...paymentRequestTypedData({
          chainId: request.chainId,
          asset: request.asset as Address | typeof NATIVE_ASSET,
          amount: BigInt(request.amount),
          payee: request.payee as Address,
          payer: request.payer as Address | null,
          memo: request.memo,
          dueAt: new Date(request.dueAt),
          reference: request.reference as Hex,
        }),
      })
    },
  })
  if (check.isPending) return <p role="status">Checking the payee's signature…</p>
  if (check.data)
    return (
      <p className="verified" data-testid="signature-verified">
        ✓ Signature verified: this request was signed by <span className="mono">{request.payee}</span>.
      </p>
    )
  return (
    <p role="alert" className="notice error" data-testid="signature-invalid">
      <strong>The signature does not match this request.</strong> Do not pay it; ask the payee for a new link.
    </p>
  )
}

function PayAction({ request, chainName }: { request: PaymentRequestData; chainName: string }) {
  const connection = useConnection()
  const core = useWalletCore()
  const address = connection.status === 'connected' ? connection.address : undefined
  const onChain = connection.status === 'connected' && connection.chainId === request.chainId
  const client = publicClientFor(core.chains, request.chainId)
  const native = request.asset === NATIVE_ASSET

  const checks = useQuery({
    queryKey: ['pay-checks', request.id, address],
    enabled: Boolean(address && client),
    queryFn: async () => {
      const balance = native
        ? await client!.getBalance({ address: address! })
        : await client!.readContract({ address: request.asset as Address, abi: erc20Abi, functionName: 'balanceOf', args: [address!] })
      const code = native ? await client!.getCode({ address: request.payee as Address }) : undefined
      return { balance, payeeIsContract: Boolean(code && code !== '0x') }
    },
  })

  const pay = useMutation({
    mutationFn: async () => {
      const reference = request.reference as Hex
      const amount = outstandingOf(request)
      if (native) return core.connection.sendTransaction({ to: request.payee as Address, value: amount, data: reference, chainId: request.chainId })
      // Token contracts ignore calldata after the arguments: the reference rides along for the watcher.
      const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [request.payee as Address, amount] })
      return core.connection.sendTransaction({ to: request.asset as Address, data: concat([transfer, reference]), chainId: request.chainId })
    },
  })

  if (request.status === 'paid' || request.status === 'overpaid')
    return (
      <p className="notice success" role="status">
        Paid{request.paidAt ? ` on ${formatDateTime(request.paidAt)}` : ''}. Thank you.
      </p>
    )
  if (request.status === 'cancelled')
    return (
      <p className="notice warning" role="alert">
        The payee cancelled this request. Do not pay it.
      </p>
    )
  if (request.status === 'expired')
    return (
      <p className="notice warning" role="alert">
        This request expired on {formatDateTime(request.dueAt)}. Ask the payee for a new one before paying.
      </p>
    )
  if (request.status === 'pending')
    return (
      <p className="notice" role="status">
        Payment seen on chain, waiting for confirmations…{' '}
        {request.payments.map((p) => (
          <TransactionLink key={`${p.txHash}:${p.logIndex}`} chain={core.chains.find((c) => c.id === request.chainId)} hash={p.txHash} />
        ))}
      </p>
    )

  if (!address)
    return (
      <div className="pay-connect">
        <p>Connect the wallet you want to pay from.</p>
        <ConnectButton />
      </div>
    )
  if (!onChain)
    return (
      <div>
        <p>Your wallet is on another network. This request is on {chainName}.</p>
        <SwitchButton chainId={request.chainId} chainName={chainName} />
      </div>
    )

  const amount = outstandingOf(request)
  const short = checks.data !== undefined && checks.data.balance < amount
  const wrongPayer = request.payer !== null && !sameAddress(request.payer, address)
  return (
    <div className="pay">
      {wrongPayer && (
        <p className="notice warning" role="alert">
          Only payments from <span className="mono">{request.payer}</span> count for this request. Switch to that account in your wallet.
        </p>
      )}
      {short && (
        <p className="notice warning" role="alert" data-testid="balance-short">
          This account holds too little {request.symbol} for this payment. Add funds or pay from another account.
        </p>
      )}
      {checks.data?.payeeIsContract && (
        <p className="notice warning" role="alert">
          The payee address is a contract. A contract may refuse a {request.symbol} payment that carries data; ask the payee before paying.
        </p>
      )}
      <button type="button" className="button primary large" onClick={() => pay.mutate()} disabled={pay.isPending || short || wrongPayer || pay.isSuccess}>
        {pay.isPending ? 'Confirm in your wallet…' : `Pay ${request.status === 'partially_paid' ? 'the rest, ' : ''}${formatAmount(amount, request.decimals)} ${request.symbol}`}
      </button>
      <ErrorNotice error={pay.error} />
      {pay.data && (
        <p className="notice" role="status" data-testid="payment-sent">
          Payment sent: <TransactionLink chain={core.chains.find((c) => c.id === request.chainId)} hash={pay.data} />. Waiting for it to be included in a
          block…
        </p>
      )}
    </div>
  )
}

/** What is still owed; a request paid in part is completed by paying the rest. */
function outstandingOf(request: PaymentRequestData): bigint {
  const rest = BigInt(request.amount) - BigInt(request.received)
  return rest > 0n ? rest : BigInt(request.amount)
}

function SwitchButton({ chainId, chainName }: { chainId: number; chainName: string }) {
  const { connection } = useWalletCore()
  const switching = useMutation({ mutationFn: () => connection.switchChain(chainId) })
  return (
    <>
      <button type="button" className="button primary" onClick={() => switching.mutate()} disabled={switching.isPending}>
        Switch to {chainName}
      </button>
      <ErrorNotice error={switching.error} />
    </>
  )
}
