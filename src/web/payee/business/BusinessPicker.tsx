import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mutate, query } from '../../graphql/apiClient.ts'
import { sessionKey, useSession } from '../../auth/useSession.ts'
import { shortAddress } from '../../components/shortAddress.ts'
import { showNotice } from '../../components/NoticeRegion.tsx'
import { fillText } from '../../i18n/fill.tsx'
import { ActForBusinessMutation, MyBusinessesQuery } from './businessOperations.ts'
import { pickerText, rolesText } from './businessText.ts'
import type { Role } from '../../../domain/permissions.ts'

/** Which business the session acts for, shown only to a wallet that belongs to more than its own. */
export function BusinessPicker() {
  const t = useStore(pickerText)
  const roles = useStore(rolesText)
  const session = useSession()
  const client = useQueryClient()
  const businesses = useQuery({
    queryKey: ['my-businesses'],
    queryFn: async () => (await query(MyBusinessesQuery)).myBusinesses,
    enabled: Boolean(session.data),
  })
  const act = useMutation({
    mutationFn: async (business: string) => (await mutate(ActForBusinessMutation, { business })).actForBusiness,
    // Everything on screen was the other business's: it is all fetched again.
    onSuccess: async (me) => {
      client.setQueryData(sessionKey, me)
      await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] })
    },
  })
  if (!businesses.data || businesses.data.length < 2 || !session.data) return null
  return (
    <label className="field inline">
      <span>{t.label}</span>
      <select
        value={session.data.business}
        disabled={act.isPending}
        onChange={(event) => act.mutate(event.target.value, { onError: showNotice })}
      >
        {businesses.data.map((b) => (
          <option key={b.business} value={b.business}>
            {b.role === 'owner' && b.business === session.data!.address
              ? t.own
              : fillText(t.as, { business: shortAddress(b.business as `0x${string}`), role: roles[b.role as Role] })}
          </option>
        ))}
      </select>
    </label>
  )
}
