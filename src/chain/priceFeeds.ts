import { getAddress, type Address } from 'viem'
import { DEV_CHAIN_IDS } from './chains.ts'

/** What a feed prices against USD: a token or coin by its symbol, or a currency by its ISO code. */
export type FeedBase = 'ETH' | 'USDC' | 'EURC' | 'USDT' | 'DAI' | 'EUR' | 'GBP' | 'JPY' | 'CHF' | 'AUD' | 'CAD'

/** One Chainlink price feed (its proxy): `base / USD`, with how often it must update at least. */
export type PriceFeed = {
  base: FeedBase
  address: Address
  decimals: number
  /** Chainlink's heartbeat: an answer older than this means the feed has stopped. */
  heartbeatSeconds: number
}

/** A chain's feeds, and on a rollup its sequencer uptime feed (answer 0 up, 1 down). */
export type ChainFeeds = { feeds: readonly PriceFeed[]; sequencerUptimeFeed?: Address; source: string }

/** After a rollup's sequencer comes back, prices are not trusted for this long (Chainlink's own advice). */
export const SEQUENCER_GRACE_SECONDS = 3600

const HOUR = 3600
const DAY = 86_400
// Heartbeats are Chainlink's published ones for these feeds when this list was written; one it retunes is changed here.
const CHAINLINK_FEEDS = 'Chainlink Labs’ feed list (npm @chainlink/mcp-server 0.0.1-alpha.17, data/feeds/<chain>.json)'

const feeds = (list: readonly [FeedBase, string, number][]): PriceFeed[] =>
  list.map(([base, address, heartbeatSeconds]) => ({
    base,
    address: getAddress(address),
    decimals: 8,
    heartbeatSeconds,
  }))

/**
 * The dev chain's feeds, deployed by `npm start` at these addresses (`contracts/TestPriceFeed.sol`),
 * with the decimals and heartbeats of Ethereum's, and a sequencer feed so the rollup checks run too.
 */
export const DEV_PRICE_FEEDS: ChainFeeds = {
  feeds: feeds([
    ['ETH', '0xFeed000000000000000000000000000000000001', HOUR],
    ['USDC', '0xFeed000000000000000000000000000000000002', DAY],
    ['EURC', '0xFeed000000000000000000000000000000000003', DAY],
    ['USDT', '0xFeed000000000000000000000000000000000004', DAY],
    ['DAI', '0xFeed000000000000000000000000000000000005', HOUR],
    ['EUR', '0xFeed000000000000000000000000000000000006', DAY],
    ['GBP', '0xFeed000000000000000000000000000000000007', DAY],
    ['JPY', '0xFeed000000000000000000000000000000000008', DAY],
    ['CHF', '0xFeed000000000000000000000000000000000009', DAY],
  ]),
  sequencerUptimeFeed: getAddress('0xFeed0000000000000000000000000000000000A0'),
  source: 'contracts/TestPriceFeed.sol, set up by setUpDevPriceFeeds',
}

/** The feeds of each public chain Billfold offers. */
export const publicPriceFeeds: Readonly<Record<number, ChainFeeds>> = {
  1: {
    feeds: feeds([
      ['ETH', '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419', HOUR],
      ['USDC', '0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6', DAY],
      ['EURC', '0x04F84020Fdf10d9ee64D1dcC2986EDF2F556DA11', DAY],
      ['USDT', '0x3E7d1eAB13ad0104d2750B8863b489D65364e32D', DAY],
      ['DAI', '0xAed0c38402a5d19df6E4c03F4E2DceD6e29c1ee9', HOUR],
      ['EUR', '0xb49f677943BC038e9857d61E7d053CaA2C1734C1', DAY],
      ['GBP', '0x5c0Ab2d9b5a7ed9f470386e82BB36A3613cDd4b5', DAY],
      ['JPY', '0xBcE206caE7f0ec07b545EddE332A47C2F75bbeb3', DAY],
      ['CHF', '0x449d117117838fFA61263B61dA6301AA2a88B13A', DAY],
      ['AUD', '0x77F9710E7d0A19669A13c055F62cd80d313dF022', DAY],
      ['CAD', '0xa34317DB73e77d453b1B8d04550c44D10e981C8e', DAY],
    ]),
    source: CHAINLINK_FEEDS,
  },
  8453: {
    feeds: feeds([
      ['ETH', '0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70', 1200],
      ['USDC', '0x7e860098F58bBFC8648a4311b374B1D669a2bc6B', DAY],
      ['DAI', '0x591e79239a7d679378eC8c847e5038150364C78F', DAY],
      ['EUR', '0xc91D87E81faB8f93699ECf7Ee9B44D11e1D53F0F', DAY],
      ['GBP', '0xCceA6576904C118037695eB71195a5425E69Fa15', DAY],
      ['CHF', '0x3A1d6444fb6a402470098E23DaD0B7E86E14252F', DAY],
      ['AUD', '0x46e51B8cA41d709928EdA9Ae43e42193E6CDf229', DAY],
      ['CAD', '0xA840145F87572E82519d578b1F36340368a25D5d', DAY],
    ]),
    sequencerUptimeFeed: getAddress('0xBCF85224fc0756B9Fa45aA7892530B47e10b6433'),
    source: CHAINLINK_FEEDS,
  },
  42161: {
    feeds: feeds([
      ['ETH', '0x639Fe6ab55C921f74e7fac1ee960C0B6293ba612', DAY],
      ['USDC', '0x50834F3163758fcC1Df9973b6e91f0F0F0434aD3', DAY],
      ['USDT', '0x3f3f5dF88dC9F13eac63DF89EC16ef6e7E25DdE7', DAY],
      ['DAI', '0xc5C8E77B397E531B8EC06BFb0048328B30E9eCfB', DAY],
      ['EUR', '0xA14d53bC1F1c0F31B4aA3BD109344E5009051a84', DAY],
      ['GBP', '0x9C4424Fd84C6661F97D8d6b3fc3C1aAc2BeDd137', DAY],
      ['JPY', '0x3dD6e51CB9caE717d5a8778CF79A04029f9cFDF8', DAY],
      ['CHF', '0xe32AccC8c4eC03F6E75bd3621BfC9Fbb234E1FC3', DAY],
      ['AUD', '0x9854e9a850e7C354c1de177eA953a6b1fba8Fc22', DAY],
      ['CAD', '0xf6DA27749484843c4F02f5Ad1378ceE723dD61d4', DAY],
    ]),
    sequencerUptimeFeed: getAddress('0xFdB631F5EE196F0ed6FAa767959853A9F217697D'),
    source: CHAINLINK_FEEDS,
  },
  10: {
    feeds: feeds([
      ['ETH', '0x13e3Ee699D1909E989722E753853AE30b17e08c5', 1200],
      ['USDC', '0x16a9FA2FDa030272Ce99B29CF780dFA30361E0f3', DAY],
      ['USDT', '0xECef79E109e997bCA29c1c0897ec9d7b03647F5E', DAY],
      ['DAI', '0x8dBa75e83DA73cc766A7e5a0ee71F656BAb470d6', DAY],
      ['EUR', '0x3626369857A10CcC6cc3A6e4f5C2f5984a519F20', DAY],
      ['JPY', '0x536944c3A71FEb7c1E5C66Ee37d1a148d8D8f619', DAY],
      ['AUD', '0x39be70E93D2D285C9E71be7f70FC5a45A7777B14', DAY],
    ]),
    sequencerUptimeFeed: getAddress('0x371EAD81c9102C9BF4874A9075FFFf170F2Ee389'),
    source: CHAINLINK_FEEDS,
  },
  137: {
    feeds: feeds([
      ['USDC', '0xfE4A8cc5b5B2366C1B58Bea3858e81843581b2F7', 27],
      ['USDT', '0x0A6513e40db6EB1b165753AD52E80663aeA50545', 27],
      ['DAI', '0x4746DeC9e833A82EC7C2C1356372CcF2cfcD2F3D', 27],
      ['EUR', '0x73366Fe0AA0Ded304479862808e02506FE556a98', DAY],
      ['GBP', '0x099a2540848573e94fb1Ca0Fa420b00acbBc845a', DAY],
      ['JPY', '0xD647a6fC9BC6402301583C91decC5989d8Bc382D', DAY],
      ['CHF', '0xc76f762CedF0F78a439727861628E0fdfE1e70c2', DAY],
      ['AUD', '0x062Df9C4efd2030e243ffCc398b652e8b8F95C6f', DAY],
      ['CAD', '0xACA44ABb8B04D07D883202F99FA5E3c53ed57Fb5', DAY],
    ]),
    source: CHAINLINK_FEEDS,
  },
}

/** The feeds of a chain Billfold offers: the dev chains' own (the same on each), or a public chain's; undefined where it knows none. */
export const chainFeedsOf = (chainId: number): ChainFeeds | undefined =>
  DEV_CHAIN_IDS.includes(chainId) ? DEV_PRICE_FEEDS : publicPriceFeeds[chainId]
