import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { fill, fillText } from '../i18n/fill.tsx'
import { payText } from '../i18n/messages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { publicClientFor } from '../publicClients.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { verifyRequestSignature } from './signature/verifyRequestSignature.ts'

/** The payee's EIP-712 signature, checked here in the browser, not only by the server. */
export function SignatureCheck({ request }: { request: PaymentRequestData }) {
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
