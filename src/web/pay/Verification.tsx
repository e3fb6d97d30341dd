import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import type { Address, Chain } from 'viem'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { shortAddress } from '../components/shortAddress.ts'
import { fill, fillText } from '../i18n/fill.tsx'
import { payText, summaryText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { publicClientFor } from '../publicClients.ts'
import { AddressLine, TestNetworkBadge } from '../requests/RequestSummary.tsx'
import type { PaymentRequestData } from '../requests/requestOperations.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'

/**
 * The payee's EIP-712 signature, checked here in the browser, not only by the server: one quiet
 * line, which opens into the proof (full address, signer, delegation, token contract, reference)
 * for those who want it. A signature that does not match is said loudly instead.
 */
export function Verification({
  request,
  chain,
  chainName,
}: {
  request: PaymentRequestData
  chain: Chain | undefined
  chainName: string
}) {
  const { chains } = useWalletCore()
  const t = useStore(payText)
  const summary = useStore(summaryText)
  const format = useFormat()
  const check = useQuery({
    queryKey: ['signature', request.id],
    queryFn: async () => {
      const client = publicClientFor(chains, request.chainId)
      if (!client) return false
      // The check's code (typed-data hashing, signature recovery) is not what Pay needs: it comes after.
      const { verifyRequestSignature } = await import('./signature/verifyRequestSignature.ts')
      return verifyRequestSignature(client, request)
    },
  })
  if (!check.isPending && !check.data)
    return (
      <p role="alert" className="notice error" data-testid="signature-invalid">
        <strong>{t.signatureInvalid}</strong> {t.signatureInvalidAction}
      </p>
    )
  const issuer = request.issuer
  // The line is drawn at once, saying the check is under way, so nothing moves when it ends; the
  // proof opens only once the signature is known to match.
  return (
    <details
      className="disclosure verification"
      aria-busy={check.isPending}
      onToggle={(e) => check.isPending && (e.currentTarget.open = false)}
    >
      <summary>
        {check.isPending ? (
          <span role="status">{t.checkingSignature}</span>
        ) : (
          <span className="verified" data-testid="signature-verified">
            {issuer ? fillText(t.verifiedByKey, { key: issuerName(request, issuer.keyName) }) : t.verified}
          </span>
        )}{' '}
        · {chainName}
        {chain?.testnet && <TestNetworkBadge />} · {t.details}
      </summary>
      {issuer?.revokedAt && new Date(issuer.revokedAt) > new Date(request.createdAt) && (
        <p className="notice" data-testid="issuer-revoked">
          {fillText(t.keyRevokedLater, { date: format.dateTime(issuer.revokedAt) })}
        </p>
      )}
      <dl className="kv compact">
        <div>
          <dt>{t.detailPayee}</dt>
          <dd>
            <AddressLine address={request.payee} chain={chain} testId="request-payee" />
          </dd>
        </div>
        {issuer && (
          <div>
            <dt>{t.detailIssuer}</dt>
            <dd>
              {fill(t.detailIssuerValue, {
                key: <strong data-testid="issuer-key">{issuer.keyName}</strong>,
                date: format.dateTime(issuer.authorisedAt),
              })}{' '}
              <span className="mono small">{issuer.delegate}</span>
            </dd>
          </div>
        )}
        {request.asset !== NATIVE_ASSET && (
          <div>
            <dt>{fillText(t.detailToken, { symbol: request.symbol })}</dt>
            <dd>
              <AddressLine
                address={request.asset}
                chain={chain}
                label={fillText(summary.copyToken, { symbol: request.symbol })}
                testId="request-token"
              />
            </dd>
          </div>
        )}
        <div>
          <dt>{t.detailNetwork}</dt>
          <dd>{fillText(t.detailNetworkValue, { chain: chainName, id: request.chainId })}</dd>
        </div>
        <div>
          <dt>{t.detailReference}</dt>
          <dd className="mono small">{request.reference}</dd>
        </div>
        <div>
          <dt>{t.detailSignature}</dt>
          <dd className="mono small">{request.signature}</dd>
        </div>
      </dl>
    </details>
  )
}

/**
 * Who issued the request, as the payer knows them: a quote's request is the payee's price, so it is
 * theirs, not their quote key's ("Billfold price quotes"), which the details still name.
 */
const issuerName = (request: PaymentRequestData, keyName: string) =>
  request.quote ? (request.payeeProfile?.displayName ?? shortAddress(request.payee as Address)) : keyName
