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
