/** PostgreSQL NOTIFY channels: how servers tell each other what changed. */
export const REQUEST_UPDATED_CHANNEL = 'billfold_request_updated'
export const SESSION_REVOKED_CHANNEL = 'billfold_session_revoked'
/** Every session of an address was revoked ("sign out everywhere"); the payload is the address. */
export const ADDRESS_SIGNED_OUT_CHANNEL = 'billfold_address_signed_out'
/** A webhook event was written to the outbox (by the change journal's consumer); delivery workers wake up. */
export const WEBHOOKS_CHANNEL = 'billfold_webhooks'
/** An API key was authorised or revoked; the payload is its id. Every server drops it from its cache. */
export const API_KEY_CHANGED_CHANNEL = 'billfold_api_key_changed'
/** A schedule was authorised or resumed (told by the change journal's consumer): every server's issuer looks for due periods at once. */
export const SCHEDULES_CHANNEL = 'billfold_schedules'
/** An e-mail was queued (by the change journal's consumer or the API); the e-mail workers wake up. */
export const EMAIL_CHANNEL = 'billfold_email'
/** A change was recorded in the change journal (by its trigger); the journal's consumer follows it. */
export const CHANGES_CHANNEL = 'billfold_changes'
/** A subscription started or resumed (told by the change journal's consumer): every server's charger looks for due periods at once. */
export const SUBSCRIPTIONS_CHANNEL = 'billfold_subscriptions'
