/** A wallet's icon: only ever an <img src> of a vetted URL; a monogram otherwise. */
export function WalletIcon({ name, icon }: { name: string; icon?: string | undefined }) {
  if (icon) return <img className="wallet-icon" src={icon} alt="" width={28} height={28} referrerPolicy="no-referrer" />
  return (
    <span className="wallet-icon monogram" aria-hidden="true">
      {[...name][0]?.toUpperCase() ?? '?'}
    </span>
  )
}
