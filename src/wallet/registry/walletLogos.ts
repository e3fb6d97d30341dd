import backpack from '@web3icons/core/svgs/wallets/branded/backpack.svg.js'
import coinbase from '@web3icons/core/svgs/wallets/branded/coinbase.svg.js'
import enkrypt from '@web3icons/core/svgs/wallets/branded/enkrypt.svg.js'
import exodus from '@web3icons/core/svgs/wallets/branded/exodus.svg.js'
import metamask from '@web3icons/core/svgs/wallets/branded/metamask.svg.js'
import okx from '@web3icons/core/svgs/wallets/branded/okx.svg.js'
import phantom from '@web3icons/core/svgs/wallets/branded/phantom.svg.js'
import rabby from '@web3icons/core/svgs/wallets/branded/rabby.svg.js'
import rainbow from '@web3icons/core/svgs/wallets/branded/rainbow.svg.js'
import tokenpocket from '@web3icons/core/svgs/wallets/branded/token-pocket.svg.js'
import trust from '@web3icons/core/svgs/wallets/branded/trust.svg.js'
import zerion from '@web3icons/core/svgs/wallets/branded/zerion.svg.js'

/**
 * The registry's wallets' logos (web3icons, MIT), bundled as SVG markup and shown as data URLs in an
 * <img>, so nothing is fetched and no markup enters the page. Kept apart from the registry, which the
 * first paint needs without them. A wallet missing here shows its monogram.
 */
const LOGOS: Readonly<Record<string, string>> = {
  backpack,
  coinbase,
  enkrypt,
  exodus,
  metamask,
  okx,
  phantom,
  rabby,
  rainbow,
  tokenpocket,
  trust,
  zerion,
}

export function walletLogo(id: string): string | undefined {
  const svg = LOGOS[id]
  return svg ? `data:image/svg+xml,${encodeURIComponent(svg)}` : undefined
}
