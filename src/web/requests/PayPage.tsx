import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useRescueFocus } from '../components/useRescueFocus.ts'
import { Link } from 'wouter'
import { concat, encodeFunctionData, erc20Abi, type Address, type Chain, type Hex } from 'viem'
import { formatAmount, groupAmount, roundUpSignificant } from '../../domain/amount.ts'
import { NATIVE_ASSET, paymentRequestTypedData } from '../../domain/paymentRequest.ts'
import { sameAddress } from '../auth/SessionControl.tsx'
import { publicClientFor } from '../publicClients.ts'
import { shortAddress } from '../components/AccountControl.tsx'
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
  useDocumentTitle(request.data ? `Pay ${groupAmount(request.data.amountDecimal)} ${request.data.symbol}` : 'Payment request')
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
      <RequestSummary request={data} chainName={chainName} chain={chain} testnet={chain?.testnet === true} />
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

/** The transaction that pays `amount` of the request: a token transfer with the reference after its arguments, or native coin carrying it. */
function paymentTransaction(request: PaymentRequestData, amount: bigint): { to: Address; data: Hex; value?: bigint } {
  const reference = request.reference as Hex
  if (request.asset === NATIVE_ASSET) return { to: request.payee as Address, value: amount, data: reference }
  // Token contracts ignore calldata after the arguments: the reference rides along for the watcher.
  const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [request.payee as Address, amount] })
  return { to: request.asset as Address, data: concat([transfer, reference]) }
}

/** Gas a transfer is assumed to take when the node cannot estimate it (e.g. the balance is short). */
const FALLBACK_GAS = 100_000n

function PayAction({ request, chainName }: { request: PaymentRequestData; chainName: string }) {
  const connection = useConnection()
  const core = useWalletCore()
  const address = connection.status === 'connected' ? connection.address : undefined
  const onChain = connection.status === 'connected' && connection.chainId === request.chainId
  const client = publicClientFor(core.chains, request.chainId)
  const chain = core.chains.find((c) => c.id === request.chainId)
  const native = request.asset === NATIVE_ASSET
  const nativeSymbol = chain?.nativeCurrency.symbol ?? 'ETH'
  const amount = outstandingOf(request)
  const [confirmOwn, setConfirmOwn] = useState(false)
  const payButton = useRef<HTMLButtonElement>(null)

  // Everything the wallet would refuse, found before anything is signed: the asset, and the network fee in the native coin.
  const checks = useQuery({
    queryKey: ['pay-checks', request.id, address, amount.toString()],
    enabled: Boolean(address && client),
    queryFn: async () => {
      const tx = paymentTransaction(request, amount)
      const [nativeBalance, assetBalance, code, gas, fees] = await Promise.all([
        client!.getBalance({ address: address! }),
        native ? undefined : client!.readContract({ address: request.asset as Address, abi: erc20Abi, functionName: 'balanceOf', args: [address!] }),
        native ? client!.getCode({ address: request.payee as Address }) : undefined,
        client!.estimateGas({ account: address!, ...tx }).catch(() => FALLBACK_GAS),
        client!.estimateFeesPerGas().catch(async () => ({ maxFeePerGas: await client!.getGasPrice() })),
      ])
      const fee = gas * (fees.maxFeePerGas ?? 0n)
      return { nativeBalance, assetBalance: assetBalance ?? nativeBalance, fee, payeeIsContract: Boolean(code && code !== '0x') }
    },
  })

  // A disabled button cannot take focus: try again once the checks have enabled it.
  useRescueFocus(payButton, `${address}:${onChain}:${checks.status}`)

  const pay = useMutation({
    mutationFn: async () => core.connection.sendTransaction({ ...paymentTransaction(request, amount), chainId: request.chainId }),
  })

  if (request.status === 'paid' || request.status === 'overpaid') return <PaidOutcome request={request} chain={chain} />
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
          <TransactionLink key={`${p.txHash}:${p.logIndex}`} chain={chain} hash={p.txHash} />
        ))}
      </p>
    )

  const partial =
    request.status === 'partially_paid' ? (
      <p className="notice" role="status" data-testid="partially-paid">
        Partially paid: {groupAmount(request.receivedDecimal)} of {groupAmount(request.amountDecimal)} {request.symbol} received;{' '}
        {groupAmount(formatAmount(amount, request.decimals))} {request.symbol} still to pay.
      </p>
    ) : null

  if (!address)
    return (
      <div className="pay-connect">
        {partial}
        <p>Connect the wallet you want to pay from.</p>
        <ConnectButton />
      </div>
    )
  if (!onChain)
    return (
      <div>
        {partial}
        <p>Your wallet is on another network. This request is on {chainName}.</p>
        <SwitchButton chainId={request.chainId} chainName={chainName} />
      </div>
    )

  const shown = (value: bigint, decimals: number) => groupAmount(formatAmount(value, decimals))
  const wrongPayer = request.payer !== null && !sameAddress(request.payer, address)
  const data = checks.data
  const shortAsset = data !== undefined && data.assetBalance < amount
  const needNative = data === undefined ? 0n : data.fee + (native ? amount : 0n)
  const shortGas = data !== undefined && !shortAsset && data.nativeBalance < needNative
  const own = sameAddress(address, request.payee)
  // The reason goes on the button itself: a disabled button that does not say why is a dead end.
  const blocked = wrongPayer
    ? `Only ${shortAddress(request.payer as Address)} can pay this request`
    : checks.isPending
      ? 'Checking your balance…'
      : shortAsset
        ? `Not enough ${request.symbol}: you have ${shown(data.assetBalance, request.decimals)}`
        : shortGas
          ? `Not enough ${nativeSymbol} for the network fee: you have ${shown(data.nativeBalance, 18)}, about ${shown(roundUpSignificant(needNative), 18)} needed`
          : undefined
  const label = pay.isPending
    ? 'Confirm in your wallet…'
    : (blocked ?? `Pay ${request.status === 'partially_paid' ? 'the rest, ' : ''}${shown(amount, request.decimals)} ${request.symbol}`)

  if (pay.data) return <SentOutcome request={request} chain={chain} hash={pay.data} />
  return (
    <div className="pay">
      {partial}
      {wrongPayer && (
        <p className="notice warning" role="alert">
          Only payments from <span className="mono">{request.payer}</span> count for this request. Switch to that account in your wallet.
        </p>
      )}
      {shortAsset && (
        <p className="notice warning" role="alert" data-testid="balance-short">
          This account holds too little {request.symbol} for this payment. Add funds or pay from another account.
        </p>
      )}
      {shortGas && (
        <p className="notice warning" role="alert" data-testid="gas-short">
          This account holds too little {nativeSymbol} to pay the network fee. Add some {nativeSymbol} or pay from another account.
        </p>
      )}
      {data?.payeeIsContract && (
        <p className="notice warning" role="alert">
          The payee address is a contract. A contract may refuse a {request.symbol} payment that carries data; ask the payee before paying.
        </p>
      )}
      {data && (
        <p className="hint" data-testid="network-fee">
          Network fee: about {shown(roundUpSignificant(data.fee), 18)} {nativeSymbol}, paid to the network, not to the payee.
        </p>
      )}
      <button
        type="button"
        className="button primary large"
        onClick={() => (own ? setConfirmOwn(true) : pay.mutate())}
        disabled={pay.isPending || blocked !== undefined}
        ref={payButton}
        data-testid="pay-button"
      >
        {label}
      </button>
      <ErrorNotice error={pay.error} />
      <AlertDialog.Root open={confirmOwn} onOpenChange={setConfirmOwn}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog">
            <AlertDialog.Title>Pay your own request?</AlertDialog.Title>
            <AlertDialog.Description className="hint">
              You are connected as the payee of this request: paying it sends {request.symbol} from your account to the same account, and only the
              network fee is spent. Pay anyway, e.g. to try the flow?
            </AlertDialog.Description>
            <div className="actions">
              <AlertDialog.Cancel asChild>
                <button type="button" className="button">
                  Don’t pay
                </button>
              </AlertDialog.Cancel>
              <button
                type="button"
                className="button primary"
                onClick={() => {
                  setConfirmOwn(false)
                  pay.mutate()
                }}
              >
                Pay anyway
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  )
}

/** Sent from this page: the transaction, and what happens next. */
function SentOutcome({ request, chain, hash }: { request: PaymentRequestData; chain: Chain | undefined; hash: string }) {
  return (
    <div className="notice" role="status" data-testid="payment-sent">
      <p>
        <strong>Payment sent.</strong> Waiting for it to be included in a block; this page turns paid by itself.
      </p>
      <p>
        Transaction: <TransactionLink chain={chain} hash={hash} />
      </p>
      <p className="hint">Request {request.id}</p>
    </div>
  )
}

/** Paid: the transactions, the figures when more came than was asked, and the receipt. */
function PaidOutcome({ request, chain }: { request: PaymentRequestData; chain: Chain | undefined }) {
  const extra = BigInt(request.received) - BigInt(request.amount)
  return (
    <div className="notice success paid-outcome" role="status" data-testid="paid-outcome">
      <p>
        <strong>Paid{request.paidAt ? ` on ${formatDateTime(request.paidAt)}` : ''}.</strong>
        {request.status === 'overpaid' && extra > 0n && (
          <span data-testid="overpaid">
            {' '}
            Overpaid: {groupAmount(request.receivedDecimal)} {request.symbol} received for {groupAmount(request.amountDecimal)} {request.symbol} asked,{' '}
            {groupAmount(formatAmount(extra, request.decimals))} {request.symbol} more. Ask the payee about the difference.
          </span>
        )}
      </p>
      {request.payments.map((p) => (
        <p key={`${p.txHash}:${p.logIndex}`}>
          {groupAmount(p.amountDecimal)} {request.symbol}: <TransactionLink chain={chain} hash={p.txHash} />
        </p>
      ))}
      <p>
        <Link className="button" href={`/receipts/${request.id}`}>
          View receipt
        </Link>
      </p>
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
