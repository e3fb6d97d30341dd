/** Where the app's GraphQL API answers: same origin, so the session cookie goes with it. */
export const API_URL = '/graphql'
