import { useQuery } from '@tanstack/react-query'
import { query } from '../../graphql/apiClient.ts'
import { graphql } from '../../graphql/graphql.ts'

export const EmailEnabledQuery = graphql(`
  query EmailEnabled {
    emailEnabled
  }
`)

export const MyEmailQuery = graphql(`
  query MyEmail {
    emailNotices
    myEmail {
      address
      language
      notices
      confirmed
    }
  }
`)

export const SetMyEmailMutation = graphql(`
  mutation SetMyEmail($address: String!, $language: String!, $notices: [String!]!) {
    setMyEmail(address: $address, language: $language, notices: $notices) {
      address
      language
      notices
      confirmed
    }
  }
`)

/** Whether this Billfold sends e-mail: asked once per page load. */
export const useEmailEnabled = () =>
  useQuery({
    queryKey: ['email-enabled'],
    queryFn: async () => (await query(EmailEnabledQuery)).emailEnabled,
    staleTime: Infinity,
  })

/** What each notice is, as the payee reads the choice. */
export const NOTICE_WORDS: Record<string, string> = {
  paid: 'A request is paid',
  partially_paid: 'A request is partly paid',
  overpaid: 'A request is paid more than asked',
  expired: 'A request expires unpaid',
  unmatched: 'A transfer matches no request',
  refunded: 'A refund is confirmed on chain',
  webhook_failing: 'A webhook endpoint has been failing for an hour',
  relayer_low: 'A relayer is running low',
  relayer_paused: 'A relayer pauses payments without gas (too many failed relays)',
}
