import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { checkPayeeProfile, MAX_DISPLAY_NAME_LENGTH, type PayeeProfileDraft } from '../../domain/payeeProfile.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { Field } from '../components/Field.tsx'
import { mutate, query } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import { inputErrorSentences } from '../i18n/errorText.ts'
import { profileText } from './payeeMessages.ts'

const MyProfileQuery = graphql(`
  query MyProfile {
    myProfile {
      displayName
      website
    }
  }
`)
const UpdateMyProfileMutation = graphql(`
  mutation UpdateMyProfile($displayName: String!, $website: String) {
    updateMyProfile(displayName: $displayName, website: $website) {
      displayName
      website
    }
  }
`)

/** The name and website payers see on pay pages and receipts, beside the payee's address. */
export function ProfileForm() {
  const client = useQueryClient()
  const t = useStore(profileText)
  const profile = useQuery({ queryKey: ['my-profile'], queryFn: async () => (await query(MyProfileQuery)).myProfile })
  const [draft, setDraft] = useState<PayeeProfileDraft | undefined>()
  const [submitted, setSubmitted] = useState(false)
  const current: PayeeProfileDraft = draft ?? {
    displayName: profile.data?.displayName ?? '',
    website: profile.data?.website ?? '',
  }
  const checked = checkPayeeProfile(current)
  const errors = submitted && !checked.ok ? inputErrorSentences(checked.errors) : {}
  const save = useMutation({
    mutationFn: async () =>
      (
        await mutate(UpdateMyProfileMutation, {
          displayName: current.displayName,
          website: current.website.trim() || null,
        })
      ).updateMyProfile,
    onSuccess: (saved) => {
      client.setQueryData(['my-profile'], saved)
      setDraft(undefined)
      setSubmitted(false)
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (checked.ok) save.mutate()
  }
  const set = (field: keyof PayeeProfileDraft) => (value: string) => {
    save.reset()
    setDraft({ ...current, [field]: value })
  }
  if (profile.isPending) return null
  return (
    <form className="card form profile-form" onSubmit={submit} noValidate aria-labelledby="profile-title">
      <h2 id="profile-title">{t.title}</h2>
      <p className="hint">{t.hint}</p>
      <div className="row">
        <Field id="profile-name" label={t.displayName} error={errors.displayName}>
          <input
            id="profile-name"
            value={current.displayName}
            maxLength={MAX_DISPLAY_NAME_LENGTH * 2}
            onChange={(e) => set('displayName')(e.target.value)}
          />
        </Field>
        <Field id="profile-website" label={t.website} error={errors.website}>
          <input
            id="profile-website"
            type="url"
            inputMode="url"
            value={current.website}
            placeholder="https://example.com"
            onChange={(e) => set('website')(e.target.value)}
          />
        </Field>
      </div>
      <div className="cluster">
        <button type="submit" className="button primary" disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </button>
        {save.isSuccess && (
          <span role="status" className="hint" data-testid="profile-saved">
            {t.saved}
          </span>
        )}
      </div>
      <ErrorNotice error={save.error} />
    </form>
  )
}
