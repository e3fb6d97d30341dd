import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Address } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { graphql } from '../graphql/graphql.ts'
import { mutate, query } from '../graphql/apiClient.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import type { Permission } from '../../domain/permissions.ts'

const MeQuery = graphql(`
  query Me {
    me {
      address
      business
      role
      permissions
      chainId
      expiresAt
    }
  }
`)
const NonceMutation = graphql(`
  mutation Nonce {
    nonce {
      nonce
      expiresAt
    }
  }
`)
const SignInMutation = graphql(`
  mutation SignIn($message: String!, $signature: String!) {
    signIn(message: $message, signature: $signature) {
      address
      business
      role
      permissions
      chainId
      expiresAt
    }
  }
`)
const SignOutMutation = graphql(`
  mutation SignOut {
    signOut
  }
`)
const SignOutEverywhereMutation = graphql(`
  mutation SignOutEverywhere {
    signOutEverywhere
  }
`)

export const sessionKey = ['session'] as const

/** Who is signed in, from the server (the cookie is HttpOnly, so only the server knows). */
export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: async () => (await query(MeQuery)).me, staleTime: 60_000 })
}

/** Whether the signed-in role may do this (src/domain/permissions.ts): screens hide what it may not. */
export function useCan(): (permission: Permission) => boolean {
  const session = useSession()
  return (permission) => session.data?.permissions.includes(permission) ?? false
}

/** Sign-In with Ethereum: a nonce from the server, a message the wallet signs, a session cookie back. */
export function useSignIn() {
  const { connection } = useWalletCore()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ address, chainId }: { address: Address; chainId: number }) => {
      const { nonce } = (await mutate(NonceMutation)).nonce
      const message = createSiweMessage({
        domain: window.location.host,
        address,
        uri: window.location.origin,
        version: '1',
        chainId,
        nonce,
        issuedAt: new Date(),
        statement: 'Sign in to Billfold.',
      })
      const signature = await connection.signMessage(message)
      return (await mutate(SignInMutation, { message, signature })).signIn
    },
    onSuccess: (me) => client.setQueryData(sessionKey, me),
  })
}

export function useSignOut() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () => (await mutate(SignOutMutation)).signOut,
    onSuccess: () => client.setQueryData(sessionKey, null),
  })
}

/** Ends the address's sessions in every browser: what to do when a cookie may have been stolen. */
export function useSignOutEverywhere() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () => (await mutate(SignOutEverywhereMutation)).signOutEverywhere,
    onSuccess: () => client.setQueryData(sessionKey, null),
  })
}
