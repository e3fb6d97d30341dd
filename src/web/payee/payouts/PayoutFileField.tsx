import { useStore } from '@nanostores/react'
import { useId, useState } from 'react'
import type { PayoutAsset, PayoutProblem } from '../../../domain/payout.ts'
import { Field } from '../../components/Field.tsx'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { addCsvLines, type PayoutRowDraft } from './payoutForm.ts'
import { payoutFormText } from './payoutsText.ts'

/**
 * A CSV file's lines added to the form: what was typed stays. A file that cannot be read changes
 * nothing and names each row at fault.
 */
export function PayoutFileField({
  rows,
  assets,
  problemSentence,
  onLines,
}: {
  rows: readonly PayoutRowDraft[]
  assets: readonly PayoutAsset[]
  problemSentence: (problem: PayoutProblem) => string
  onLines: (rows: PayoutRowDraft[]) => void
}) {
  const t = useStore(payoutFormText)
  const format = useFormat()
  const fileId = useId()
  const [file, setFile] = useState<{ read: string } | { problems: PayoutProblem[] } | undefined>()
  return (
    <>
      <Field id={fileId} label={t.file} hint={t.fileHint} error={undefined}>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={async (event) => {
            const chosen = event.target.files?.[0]
            if (!chosen) return
            const result = addCsvLines(rows, await chosen.text(), assets, (units, decimals) =>
              format.units(units, decimals),
            )
            if ('problems' in result) return setFile({ problems: result.problems })
            onLines(result.rows)
            setFile({ read: fillText(t.fileRead, { count: String(result.added), name: chosen.name }) })
          }}
        />
      </Field>
      {file && 'read' in file && (
        <p role="status" data-testid="payout-file-read">
          {file.read}
        </p>
      )}
      {file && 'problems' in file && (
        <div className="notice error" role="alert" data-testid="payout-file-problems">
          <ul>
            {file.problems.map((p) => (
              <li key={`${p.row}-${p.kind}`}>
                {fillText(t.fileProblem, { row: String(p.row), problem: problemSentence(p) })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}
