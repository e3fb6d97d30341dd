import type { Address } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { delegationToSign } from '../../domain/delegation.ts'
import { invitationTypedData } from '../../domain/invitation.ts'
import { cookieFrom, graphql } from './graphqlClient.ts'

/**
 * `member` joins the business whose owner's session is `ownerCookie`, in `role`, as the Team page
 * and the invitation link do; the member's session cookie, acting for the business.
 */
export async function joinAs(url: string, ownerCookie: string, role: string, member: PrivateKeyAccount) {
  const invited = await graphql<{ inviteMember: { token: string } }>(
    url,
    'mutation($role: String!) { inviteMember(role: $role) { token } }',
    { cookie: ownerCookie, variables: { role } },
  )
  const token = invited.data!.inviteMember.token
  const offer = await graphql<{ invitation: { id: string; business: Address; role: string } }>(
    url,
    'query($token: String!) { invitation(token: $token) { id business role } }',
    { variables: { token } },
  )
  const { id, business } = offer.data!.invitation
  const signature = await member.signTypedData(
    invitationTypedData({ business, member: member.address, role, invitation: id }),
  )
  const joined = await graphql(
    url,
    'mutation($token: String!, $member: String!, $signature: String!) { acceptInvitation(token: $token, member: $member, chainId: 31337, signature: $signature) { role } }',
    { variables: { token, member: member.address, signature } },
  )
  if (!joined.data) throw new Error(`acceptInvitation failed: ${JSON.stringify(joined.errors)}`)
  return cookieFrom(joined)
}

const PREPARE = 'mutation { prepareMemberDelegate { id payee delegate keyName expiresAt } }'
const AUTHORISE =
  'mutation($id: String!, $sig: String!) { authoriseMemberDelegate(id: $id, delegationSignature: $sig) { id delegate authorisedAt } }'

/** The owner authorises the members' delegate as the Team page does: prepared, signed by `signer` (the owner's wallet), sent. */
export async function authoriseMemberDelegate(url: string, ownerCookie: string, signer: PrivateKeyAccount) {
  const prepared = await graphql<{
    prepareMemberDelegate: { id: string; payee: Address; delegate: Address; keyName: string; expiresAt: string }
  }>(url, PREPARE, { cookie: ownerCookie })
  const pending = prepared.data!.prepareMemberDelegate
  return graphql<{ authoriseMemberDelegate: { id: string; delegate: string; authorisedAt: string } }>(url, AUTHORISE, {
    cookie: ownerCookie,
    variables: { id: pending.id, sig: await signer.signTypedData(delegationToSign(pending)) },
  })
}

/** The entries of the business's audit log, newest first, as its owner reads them. */
export async function auditEntries(url: string, ownerCookie: string) {
  const read = await graphql<{ auditLog: { action: string; objectId: string | null }[] }>(
    url,
    '{ auditLog { action objectId } }',
    { cookie: ownerCookie },
  )
  return read.data!.auditLog
}
