import { useStore } from '@nanostores/react'
import { useRef } from 'react'
import { BackToRequests } from './BackToRequests.tsx'
import { SignOutEverywhere } from '../auth/SessionControl.tsx'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { useRescueFocus } from '../components/useRescueFocus.ts'
import { ProfileForm } from './ProfileForm.tsx'
import { ReportingCurrencyForm } from './books/ReportingCurrencyForm.tsx'
import { AccountingSettingsForm } from './books/AccountingSettingsForm.tsx'
import { RelayersPanel } from './relayers/RelayersPanel.tsx'
import { SellerDetailsForm } from './invoices/SellerDetailsForm.tsx'
import { EmailSettingsForm } from './email/EmailSettingsForm.tsx'
import { settingsText } from './payeeMessages.ts'

/** What the payee sets once: the name payers see, their e-mail notices, the currency of their books and how their DATEV export books, payments without gas, and the sessions of this address. */
export function SettingsPage() {
  const t = useStore(settingsText)
  useDocumentTitle(t.title)
  const heading = useRef<HTMLHeadingElement>(null)
  useRescueFocus(heading)
  return (
    <section aria-labelledby="settings-title" className="settings stack">
      <BackToRequests />
      <h1 id="settings-title" ref={heading}>
        {t.title}
      </h1>
      <ProfileForm />
      <EmailSettingsForm />
      <ReportingCurrencyForm />
      <AccountingSettingsForm />
      <SellerDetailsForm />
      <RelayersPanel />
      <section className="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t.sessions}</h2>
        <SignOutEverywhere />
      </section>
    </section>
  )
}
