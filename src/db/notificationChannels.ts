/** PostgreSQL NOTIFY channels: how servers tell each other what changed. */
export const REQUEST_UPDATED_CHANNEL = 'billfold_request_updated'
export const SESSION_REVOKED_CHANNEL = 'billfold_session_revoked'
