import { useStore } from '@nanostores/react'
import { tillText } from './posText.ts'

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0'] as const
/** A keypad amount stops growing here: far above any sale, far below what a bigint minds. */
const MAX_DIGITS = 15

/**
 * A register's keypad: each digit shifts the amount one place, in the unit's smallest part (typing
 * 1, 2, 5, 0 in euros gives 12.50), so nothing is parsed and no float is ever made.
 */
export function Keypad({ units, onChange }: { units: bigint; onChange(units: bigint): void }) {
  const t = useStore(tillText)
  const press = (key: (typeof KEYS)[number]) => {
    const next = units * 10n ** BigInt(key.length) + BigInt(key)
    if (next.toString().length <= MAX_DIGITS) onChange(next)
  }
  return (
    <div className="keypad" role="group" aria-label={t.amount}>
      {KEYS.map((key) => (
        <button key={key} type="button" className="button keypad-key" onClick={() => press(key)}>
          {key}
        </button>
      ))}
      <button type="button" className="button keypad-key" aria-label={t.back} onClick={() => onChange(units / 10n)}>
        ⌫
      </button>
      <button type="button" className="button keypad-key keypad-clear" onClick={() => onChange(0n)}>
        {t.clear}
      </button>
    </div>
  )
}
