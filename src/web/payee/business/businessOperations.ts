import { graphql } from '../../graphql/graphql.ts'

export const TeamQuery = graphql(`
  query Team {
    members {
      member
      role
      addedAt
    }
    invitations {
      id
      role
      expiresAt
    }
  }
`)
export const InviteMutation = graphql(`
  mutation InviteMember($role: String!) {
    inviteMember(role: $role) {
      id
      token
      expiresAt
    }
  }
`)
export const ChangeRoleMutation = graphql(`
  mutation ChangeMemberRole($member: String!, $role: String!) {
    changeMemberRole(member: $member, role: $role)
  }
`)
export const RemoveMemberMutation = graphql(`
  mutation RemoveMember($member: String!) {
    removeMember(member: $member)
  }
`)
export const WithdrawInvitationMutation = graphql(`
  mutation WithdrawInvitation($id: String!) {
    withdrawInvitation(id: $id)
  }
`)
export const InvitationQuery = graphql(`
  query Invitation($token: String!) {
    invitation(token: $token) {
      id
      business
      role
      expiresAt
    }
  }
`)
export const AcceptInvitationMutation = graphql(`
  mutation AcceptInvitation($token: String!, $member: String!, $chainId: Int!, $signature: String!) {
    acceptInvitation(token: $token, member: $member, chainId: $chainId, signature: $signature) {
      address
      business
      role
      permissions
      chainId
      expiresAt
    }
  }
`)
export const MyBusinessesQuery = graphql(`
  query MyBusinesses {
    myBusinesses {
      business
      role
    }
  }
`)
export const ActForBusinessMutation = graphql(`
  mutation ActForBusiness($business: String) {
    actForBusiness(business: $business) {
      address
      business
      role
      permissions
      chainId
      expiresAt
    }
  }
`)
export const AuditLogQuery = graphql(`
  query AuditLog($before: String) {
    auditLog(first: 50, before: $before) {
      id
      actor
      role
      action
      objectId
      clientIp
      at
    }
  }
`)
export const MemberDelegateQuery = graphql(`
  query MemberDelegate {
    memberDelegate {
      id
      delegate
      expiresAt
      authorisedAt
      revokedAt
    }
  }
`)
export const MemberDelegateSignsQuery = graphql(`
  query MemberDelegateSigns {
    memberDelegateSigns
  }
`)
export const PrepareMemberDelegateMutation = graphql(`
  mutation PrepareMemberDelegate {
    prepareMemberDelegate {
      id
      payee
      delegate
      keyName
      expiresAt
    }
  }
`)
export const AuthoriseMemberDelegateMutation = graphql(`
  mutation AuthoriseMemberDelegate($id: String!, $signature: String!) {
    authoriseMemberDelegate(id: $id, delegationSignature: $signature) {
      id
    }
  }
`)
export const RevokeMemberDelegateMutation = graphql(`
  mutation RevokeMemberDelegate {
    revokeMemberDelegate {
      id
    }
  }
`)
export const PayoutAddressQuery = graphql(`
  query PayoutAddress {
    payoutAddress {
      address
      nonce
      changedAt
    }
  }
`)
export const ChangePayoutAddressMutation = graphql(`
  mutation ChangePayoutAddress($payoutAddress: String!, $nonce: Int!, $signedAt: DateTime!, $signature: String!) {
    changePayoutAddress(payoutAddress: $payoutAddress, nonce: $nonce, signedAt: $signedAt, signature: $signature) {
      address
      nonce
    }
  }
`)
