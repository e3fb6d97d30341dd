/**
 * Popular wallets, bundled so the connect dialog draws without fetching anything.
 * `legacyFlag` names the `window.ethereum` flag a wallet sets; the first match wins, so wallets that
 * also set `isMetaMask` for compatibility come before MetaMask.
 * `openInWallet` builds the universal link that opens a page in the wallet's in-app browser.
 */
export type RegistryWallet = {
  id: string
  name: string
  rdns: string
  legacyFlag?: string
  homepage: string
  install: { browser?: string; ios?: string; android?: string }
  openInWallet?: (pageUrl: URL) => string
}

const store = (id: string) => `https://chromewebstore.google.com/detail/${id}`

export const walletRegistry: readonly RegistryWallet[] = [
  {
    id: 'rabby',
    name: 'Rabby Wallet',
    rdns: 'io.rabby',
    legacyFlag: 'isRabby',
    homepage: 'https://rabby.io',
    install: { browser: store('acmacodkjbdgmoleebolmdjonilkdbch') },
  },
  {
    id: 'coinbase',
    name: 'Coinbase Wallet',
    rdns: 'com.coinbase.wallet',
    legacyFlag: 'isCoinbaseWallet',
    homepage: 'https://www.coinbase.com/wallet',
    install: {
      browser: store('hnfanknocfeofbddgcijnmhnfnkdnaad'),
      ios: 'https://apps.apple.com/app/coinbase-wallet/id1278383455',
      android: 'https://play.google.com/store/apps/details?id=org.toshi',
    },
    openInWallet: (page) => `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page.href)}`,
  },
  {
    id: 'trust',
    name: 'Trust Wallet',
    rdns: 'com.trustwallet.app',
    legacyFlag: 'isTrust',
    homepage: 'https://trustwallet.com',
    install: {
      browser: store('egjidjbpglichdcondbcbdnbeeppgdph'),
      ios: 'https://apps.apple.com/app/trust-crypto-bitcoin-wallet/id1288339409',
      android: 'https://play.google.com/store/apps/details?id=com.wallet.crypto.trustapp',
    },
    openInWallet: (page) => `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(page.href)}`,
  },
  {
    id: 'rainbow',
    name: 'Rainbow',
    rdns: 'me.rainbow',
    legacyFlag: 'isRainbow',
    homepage: 'https://rainbow.me',
    install: {
      browser: store('opfgelmcmbiajamepnmloijbpoleiama'),
      ios: 'https://apps.apple.com/app/rainbow-ethereum-wallet/id1457119021',
      android: 'https://play.google.com/store/apps/details?id=me.rainbow',
    },
  },
  {
    id: 'phantom',
    name: 'Phantom',
    rdns: 'app.phantom',
    legacyFlag: 'isPhantom',
    homepage: 'https://phantom.com',
    install: {
      browser: store('bfnaelmomeimhlpmgjnjophhpkkoljpa'),
      ios: 'https://apps.apple.com/app/phantom-crypto-wallet/id1598432977',
      android: 'https://play.google.com/store/apps/details?id=app.phantom',
    },
    openInWallet: (page) =>
      `https://phantom.app/ul/browse/${encodeURIComponent(page.href)}?ref=${encodeURIComponent(page.origin)}`,
  },
  {
    id: 'okx',
    name: 'OKX Wallet',
    rdns: 'com.okex.wallet',
    legacyFlag: 'isOkxWallet',
    homepage: 'https://web3.okx.com',
    install: { browser: store('mcohilncbfahbmgdjkbpemcciiolgcge') },
  },
  {
    id: 'zerion',
    name: 'Zerion',
    rdns: 'io.zerion.wallet',
    legacyFlag: 'isZerion',
    homepage: 'https://zerion.io',
    install: { browser: store('klghhnkeealcohjjanjjdaeeggmfmlpl') },
  },
  {
    id: 'brave',
    name: 'Brave Wallet',
    rdns: 'com.brave.wallet',
    legacyFlag: 'isBraveWallet',
    homepage: 'https://brave.com/wallet/',
    install: {},
  },
  { id: 'frame', name: 'Frame', rdns: 'sh.frame', legacyFlag: 'isFrame', homepage: 'https://frame.sh', install: {} },
  { id: 'taho', name: 'Taho', rdns: 'xyz.taho', legacyFlag: 'isTally', homepage: 'https://taho.xyz', install: {} },
  {
    id: 'enkrypt',
    name: 'Enkrypt',
    rdns: 'com.enkrypt',
    legacyFlag: 'isEnkrypt',
    homepage: 'https://www.enkrypt.com',
    install: {},
  },
  {
    id: 'bitget',
    name: 'Bitget Wallet',
    rdns: 'com.bitget.web3',
    legacyFlag: 'isBitKeep',
    homepage: 'https://web3.bitget.com',
    install: {},
  },
  {
    id: 'uniswap',
    name: 'Uniswap Wallet',
    rdns: 'org.uniswap.app',
    homepage: 'https://wallet.uniswap.org',
    install: {},
  },
  {
    id: 'backpack',
    name: 'Backpack',
    rdns: 'app.backpack',
    legacyFlag: 'isBackpack',
    homepage: 'https://backpack.app',
    install: {},
  },
  {
    id: 'exodus',
    name: 'Exodus',
    rdns: 'com.exodus.web3-wallet',
    legacyFlag: 'isExodus',
    homepage: 'https://www.exodus.com',
    install: {},
  },
  {
    id: 'binance',
    name: 'Binance Wallet',
    rdns: 'com.binance.wallet',
    legacyFlag: 'isBinance',
    homepage: 'https://www.binance.com/web3wallet',
    install: {},
  },
  {
    id: 'core',
    name: 'Core',
    rdns: 'app.core.extension',
    legacyFlag: 'isAvalanche',
    homepage: 'https://core.app',
    install: {},
  },
  {
    id: 'tokenpocket',
    name: 'TokenPocket',
    rdns: 'pro.tokenpocket',
    legacyFlag: 'isTokenPocket',
    homepage: 'https://www.tokenpocket.pro',
    install: {},
  },
  {
    id: 'metamask',
    name: 'MetaMask',
    rdns: 'io.metamask',
    legacyFlag: 'isMetaMask',
    homepage: 'https://metamask.io',
    install: {
      browser: store('nkbihfbeogaeaoehlefnkodbefgpgknn'),
      ios: 'https://apps.apple.com/app/metamask/id1438144202',
      android: 'https://play.google.com/store/apps/details?id=io.metamask',
    },
    openInWallet: (page) => `https://metamask.app.link/dapp/${page.host}${page.pathname}${page.search}${page.hash}`,
  },
]

/** Wallets popular enough to lead the list, in this order. */
export const popularWalletIds = [
  'metamask',
  'coinbase',
  'rabby',
  'trust',
  'rainbow',
  'phantom',
  'okx',
  'zerion',
] as const

export function installLink(wallet: RegistryWallet): string {
  return wallet.install.browser ?? wallet.homepage
}
