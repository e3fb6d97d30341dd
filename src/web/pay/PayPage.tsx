import { sameAddress } from '../../domain/sameAddress.ts'
import { useStore } from '@nanostores/react'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useRescueFocus } from '../components/useRescueFocus.ts'
import { Link } from 'wouter'
import { concat, decodeFunctionResult, encodeFunctionData, erc20Abi, type Address, type Chain, type Hex } from 'viem'
import { estimateFeesPerGas, estimateGas, getBalance, getCode, getGasPrice } from 'viem/actions'
import { roundUpSignificant } from '../../domain/amount.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { publicClientFor, type ChainClient } from '../publicClients.ts'
import { shortAddress } from '../components/AccountControl.tsx'
import { ChainLagNotice } from '../components/ChainLagNotice.tsx'
import { ConnectButton } from '../components/ConnectButton.tsx'
import { deferredModule } from '../components/deferredModule.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { fill, fillText } from '../i18n/fill.tsx'
import { LanguagePicker } from '../i18n/LanguagePicker.tsx'
import { commonText, payText } from '../i18n/messages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { useConnection, useWalletCore } from '../wallet/WalletProvider.tsx'
import { DirectPayPanel } from './DirectPayPanel.tsx'
import { verifyRequestSignature } from './signature/verifyRequestSignature.ts'
import { RequestSummary } from '../requests/RequestSummary.tsx'
import { useLiveUpdates, usePaymentRequest, type PaymentRequestData } from '../requests/requestOperations.ts'

/** The payer's page: who asks, for what, verified; then one transaction from the payer's wallet. */
export function PayPage({ id }: { id: string }) {
  const request = usePaymentRequest(id)
  const { chains } = useWalletCore()
  useLiveUpdates(id)
  const t = useStore(payText)
  const common = useStore(commonText)
  const format = useFormat()
  useDocumentTitle(
    request.data
      ? fillText(t.pageTitle, { amount: format.amount(request.data.amountDecimal), symbol: request.data.symbol })
      : t.pageTitleLoading,
  )
  if (request.isPending) return <p role="status">{t.loading}</p>
  if (request.error) return <ErrorNotice error={request.error} />
  const data = request.data
  const chain = chains.find((c) => c.id === data.chainId)
  const chainName = chain?.name ?? fillText(common.chainFallback, { id: data.chainId })
  return (
    <section className="card" aria-labelledby="pay-title">
      <div className="card-head">
        <h1 id="pay-title">{t.title}</h1>
        <LanguagePicker />
      </div>
      <ChainLagNotice chainId={data.chainId} />
      <SignatureCheck request={data} />
      <RequestSummary request={data} chainName={chainName} chain={chain} testnet={chain?.testnet === true} />
      <PayAction request={data} chainName={chainName} />
      {(data.status === 'open' || data.status === 'partially_paid') && (
        <DirectPayPanel request={data} chainName={chainName} />
      )}
    </section>
  )
}

/** The payee's EIP-712 signature, checked here in the browser, not only by the server. */
function SignatureCheck({ request }: { request: PaymentRequestData }) {
  const { chains } = useWalletCore()
  const t = useStore(payText)
  const format = useFormat()
  const check = useQuery({
    queryKey: ['signature', request.id],
    queryFn: async () => {
      const client = publicClientFor(chains, request.chainId)
      return client ? verifyRequestSignature(client, request) : false
    },
  })
  if (check.isPending) return <p role="status">{t.checkingSignature}</p>
  if (check.data && request.issuer)
    return (
      <>
        <p className="verified" data-testid="signature-verified">
          {fill(t.issuedBy, {
            key: <strong data-testid="issuer-key">{request.issuer.keyName}</strong>,
            payee: <span className="mono">{request.payee}</span>,
            date: format.dateTime(request.issuer.authorisedAt),
          })}
        </p>
        {request.issuer.revokedAt && new Date(request.issuer.revokedAt) > new Date(request.createdAt) && (
          <p className="notice" data-testid="issuer-revoked">
            {fillText(t.keyRevokedLater, { date: format.dateTime(request.issuer.revokedAt) })}
          </p>
        )}
      </>
    )
  if (check.data)
    return (
      <p className="verified" data-testid="signature-verified">
        {fill(t.signatureVerified, { payee: <span className="mono">{request.payee}</span> })}
      </p>
    )
  return (
    <p role="alert" className="notice error" data-testid="signature-invalid">
      <strong>{t.signatureInvalid}</strong> {t.signatureInvalidAction}
    </p>
  )
}

/** The transaction that pays `amount` of the request: a token transfer with the reference after its arguments, or native coin carrying it. */
function paymentTransaction(request: PaymentRequestData, amount: bigint): { to: Address; data: Hex; value?: bigint } {
  const reference = request.reference as Hex
  if (request.asset === NATIVE_ASSET) return { to: request.payee as Address, value: amount, data: reference }
  // Token contracts ignore calldata after the arguments: the reference rides along for the watcher.
  const transfer = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [request.payee as Address, amount],
  })
  return { to: request.asset as Address, data: concat([transfer, reference]) }
}

/**
 * An ERC-20 balance by a plain eth_call: viem's readContract would bring its whole `call` action
 * (offchain lookups, deployless calls) to every payer for this one read.
 */
async function tokenBalance(client: ChainClient, token: Address, owner: Address): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const result = await client.request({ method: 'eth_call', params: [{ to: token, data }, 'latest'] })
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: result })
}

// Only a payee on their own request is asked to confirm: other payers never download the dialog.
const useConfirmOwnPayment = deferredModule(() => import('./ConfirmOwnPayment.tsx'), { prefetch: () => false })

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
  const t = useStore(payText)
  const format = useFormat()

  // Everything the wallet would refuse, found before anything is signed: the asset, and the network fee in the native coin.
  const checks = useQuery({
    queryKey: ['pay-checks', request.id, address, amount.toString()],
    enabled: Boolean(address && client),
    queryFn: async () => {
      const tx = paymentTransaction(request, amount)
      const [nativeBalance, assetBalance, code, gas, fees] = await Promise.all([
        getBalance(client!, { address: address! }),
        native ? undefined : tokenBalance(client!, request.asset as Address, address!),
        native ? getCode(client!, { address: request.payee as Address }) : undefined,
        estimateGas(client!, { account: address!, ...tx }).catch(() => FALLBACK_GAS),
        estimateFeesPerGas(client!).catch(async () => ({ maxFeePerGas: await getGasPrice(client!) })),
      ])
      const fee = gas * (fees.maxFeePerGas ?? 0n)
      return {
        nativeBalance,
        assetBalance: assetBalance ?? nativeBalance,
        fee,
        payeeIsContract: Boolean(code && code !== '0x'),
      }
    },
  })

  // A disabled button cannot take focus: try again once the checks have enabled it.
  useRescueFocus(payButton, `${address}:${onChain}:${checks.status}`)
  const confirmDialog = useConfirmOwnPayment(address !== undefined && sameAddress(address, request.payee))

  const pay = useMutation({
    mutationFn: async () =>
      core.connection.sendTransaction({ ...paymentTransaction(request, amount), chainId: request.chainId }),
  })

  if (request.status === 'paid' || request.status === 'overpaid') return <PaidOutcome request={request} chain={chain} />
  if (request.status === 'cancelled')
    return (
      <p className="notice warning" role="alert">
        {t.cancelled}
      </p>
    )
  if (request.status === 'expired')
    return (
      <p className="notice warning" role="alert">
        {fillText(t.expired, { date: format.dateTime(request.dueAt) })}
      </p>
    )
  if (request.status === 'pending')
    return (
      <p className="notice" role="status">
        {t.pending}{' '}
        {request.payments.map((p) => (
          <TransactionLink key={`${p.txHash}:${p.logIndex}`} chain={chain} hash={p.txHash} />
        ))}
      </p>
    )

  const partial =
    request.status === 'partially_paid' ? (
      <p className="notice" role="status" data-testid="partially-paid">
        {fillText(t.partiallyPaid, {
          received: format.amount(request.receivedDecimal),
          amount: format.amount(request.amountDecimal),
          rest: format.units(amount, request.decimals),
          symbol: request.symbol,
        })}
      </p>
    ) : null

  if (!address)
    return (
      <div className="pay-connect">
        {partial}
        <p>{t.connectPrompt}</p>
        <ConnectButton />
      </div>
    )
  if (!onChain)
    return (
      <div>
        {partial}
        <p>{fillText(t.wrongNetwork, { chain: chainName })}</p>
        <SwitchButton chainId={request.chainId} chainName={chainName} />
      </div>
    )

  const shown = format.units
  const wrongPayer = request.payer !== null && !sameAddress(request.payer, address)
  const data = checks.data
  const shortAsset = data !== undefined && data.assetBalance < amount
  const needNative = data === undefined ? 0n : data.fee + (native ? amount : 0n)
  const shortGas = data !== undefined && !shortAsset && data.nativeBalance < needNative
  const own = sameAddress(address, request.payee)
  // The reason goes on the button itself: a disabled button that does not say why is a dead end.
  const blocked = wrongPayer
    ? fillText(t.onlyPayerCan, { payer: shortAddress(request.payer as Address) })
    : checks.isPending
      ? t.checkingBalance
      : shortAsset
        ? fillText(t.notEnoughAsset, { symbol: request.symbol, balance: shown(data.assetBalance, request.decimals) })
        : shortGas
          ? fillText(t.notEnoughGas, {
              native: nativeSymbol,
              balance: shown(data.nativeBalance, 18),
              needed: shown(roundUpSignificant(needNative), 18),
            })
          : undefined
  const label = pay.isPending
    ? t.confirmInWallet
    : (blocked ??
      fillText(request.status === 'partially_paid' ? t.payRestButton : t.payButton, {
        amount: shown(amount, request.decimals),
        symbol: request.symbol,
      }))

  if (pay.data) return <SentOutcome request={request} chain={chain} hash={pay.data} />
  return (
    <div className="pay">
      {partial}
      {wrongPayer && (
        <p className="notice warning" role="alert">
          {fill(t.wrongPayerNotice, { payer: <span className="mono">{request.payer}</span> })}
        </p>
      )}
      {shortAsset && (
        <p className="notice warning" role="alert" data-testid="balance-short">
          {fillText(t.balanceShort, { symbol: request.symbol })}
        </p>
      )}
      {shortGas && (
        <p className="notice warning" role="alert" data-testid="gas-short">
          {fillText(t.gasShort, { native: nativeSymbol })}
        </p>
      )}
      {data?.payeeIsContract && (
        <p className="notice warning" role="alert">
          {fillText(t.payeeIsContract, { symbol: request.symbol })}
        </p>
      )}
      {data && (
        <p className="hint" data-testid="network-fee">
          {fillText(t.networkFee, { fee: shown(roundUpSignificant(data.fee), 18), native: nativeSymbol })}
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
      {confirmDialog && (
        <confirmDialog.ConfirmOwnPayment
          open={confirmOwn}
          onOpenChange={setConfirmOwn}
          symbol={request.symbol}
          onConfirm={() => pay.mutate()}
        />
      )}
    </div>
  )
}

/** Sent from this page: the transaction, and what happens next. */
function SentOutcome({
  request,
  chain,
  hash,
}: {
  request: PaymentRequestData
  chain: Chain | undefined
  hash: string
}) {
  const t = useStore(payText)
  return (
    <div className="notice" role="status" data-testid="payment-sent">
      <p>
        <strong>{t.sent}</strong> {t.sentWaiting}
      </p>
      <p>{fill(t.transaction, { hash: <TransactionLink chain={chain} hash={hash} /> })}</p>
      <p className="hint">{fillText(t.requestId, { id: request.id })}</p>
    </div>
  )
}

/** Paid: the transactions, the figures when more came than was asked, and the receipt. */
function PaidOutcome({ request, chain }: { request: PaymentRequestData; chain: Chain | undefined }) {
  const extra = BigInt(request.received) - BigInt(request.amount)
  const t = useStore(payText)
  const format = useFormat()
  return (
    <div className="notice success paid-outcome" role="status" data-testid="paid-outcome">
      <p>
        <strong>{request.paidAt ? fillText(t.paidOn, { date: format.dateTime(request.paidAt) }) : t.paid}</strong>
        {request.status === 'overpaid' && extra > 0n && (
          <span data-testid="overpaid">
            {' '}
            {fillText(t.overpaid, {
              received: format.amount(request.receivedDecimal),
              amount: format.amount(request.amountDecimal),
              extra: format.units(extra, request.decimals),
              symbol: request.symbol,
            })}
          </span>
        )}
      </p>
      {request.payments.map((p) => (
        <p key={`${p.txHash}:${p.logIndex}`}>
          {fill(t.paymentLine, {
            amount: format.amount(p.amountDecimal),
            symbol: request.symbol,
            hash: <TransactionLink chain={chain} hash={p.txHash} />,
          })}
        </p>
      ))}
      <p className="actions">
        <Link className="button" href={`/receipts/${request.id}`}>
          {t.viewReceipt}
        </Link>
        {request.redirectUrl && (
          <a
            className="button primary"
            href={request.redirectUrl}
            rel="noopener noreferrer"
            data-testid="back-to-merchant"
          >
            {fillText(t.backTo, { site: new URL(request.redirectUrl).host })}
          </a>
        )}
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
  const t = useStore(payText)
  return (
    <>
      <button
        type="button"
        className="button primary"
        onClick={() => switching.mutate()}
        disabled={switching.isPending}
      >
        {fillText(t.switchTo, { chain: chainName })}
      </button>
      <ErrorNotice error={switching.error} />
    </>
  )
}
