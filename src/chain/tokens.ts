import { getAddress, type Address } from 'viem'
import type { PaymentMethodId } from '../domain/paymentMethods.ts'

/**
 * The permit a token has besides its methods (none of Billfold's methods uses one yet):
 * - `dai-permit`: DAI's own `permit(holder, spender, nonce, expiry, allowed, …)` on Ethereum;
 * - `eip2612`: the standard `permit(owner, spender, value, deadline, …)`.
 */
export type TokenPermit = 'dai-permit' | 'eip2612'

/** Every token is paid by a transfer carrying the reference; Circle's FiatToken also by an ERC-3009 authorization. */
const PLAIN = ['token-transfer'] as const
const FIAT_TOKEN = ['token-transfer', 'erc3009'] as const

export type TokenProfile = {
  symbol: 'USDC' | 'EURC' | 'USDT' | 'DAI'
  address: Address
  decimals: number
  /** The ways a payer may pay in it (`src/payments/methods/`), the payer's own transfer first. */
  methods: readonly PaymentMethodId[]
  permit?: TokenPermit
  /** The EIP-712 domain's name and version its signatures use, where it has one. */
  eip712?: { name: string; version: string }
  /** Where the address was checked: the issuer's own list, or the chain's canonical token list for a bridged token. */
  source: string
}

const CIRCLE_USDC = 'https://developers.circle.com/stablecoins/usdc-contract-addresses'
const CIRCLE_EURC = 'https://developers.circle.com/stablecoins/eurc-contract-addresses'
const TETHER = 'https://tether.to/en/supported-protocols'
const SKY_CHAINLOG = 'https://chainlog.sky.money (MCD_DAI)'
const SUPERCHAIN_LIST = 'https://github.com/ethereum-optimism/ethereum-optimism.github.io (data/{USDT,DAI}/data.json)'
const ARBITRUM_DAI = 'https://docs.arbitrum.io/arbitrum-bridge/token-bridging (Maker’s L2 DAI gateway)'
const POLYGON_POS =
  'https://docs.polygon.technology/pos/reference/contracts/genesis-contracts (PoS-bridged, mapped by Polygon)'

const FIAT_TOKEN_USDC = { methods: FIAT_TOKEN, eip712: { name: 'USD Coin', version: '2' } } as const
// Maker's DAI on its Arbitrum and Optimism bridges: one address on both, with the standard permit.
const MAKER_L2_DAI = {
  symbol: 'DAI',
  address: '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1',
  decimals: 18,
  methods: PLAIN,
  permit: 'eip2612',
  eip712: { name: 'Dai Stablecoin', version: '2' },
} as const
const FIAT_TOKEN_EURC = { methods: FIAT_TOKEN, eip712: { name: 'EURC', version: '2' } } as const

const token = (profile: TokenProfile): TokenProfile => ({ ...profile, address: getAddress(profile.address) })

/** The stablecoins Billfold accepts on each public chain it offers, where each exists. */
export const publicTokens: Readonly<Record<number, readonly TokenProfile[]>> = {
  1: [
    token({
      symbol: 'USDC',
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      decimals: 6,
      ...FIAT_TOKEN_USDC,
      source: CIRCLE_USDC,
    }),
    token({
      symbol: 'EURC',
      address: '0x1aBaEA1f7C830bD89Acc67eC4af516284b1bC33c',
      decimals: 6,
      ...FIAT_TOKEN_EURC,
      source: CIRCLE_EURC,
    }),
    token({
      symbol: 'USDT',
      address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      decimals: 6,
      methods: PLAIN,
      source: TETHER,
    }),
    token({
      symbol: 'DAI',
      address: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
      decimals: 18,
      methods: PLAIN,
      permit: 'dai-permit',
      eip712: { name: 'Dai Stablecoin', version: '1' },
      source: SKY_CHAINLOG,
    }),
  ],
  8453: [
    token({
      symbol: 'USDC',
      address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      decimals: 6,
      ...FIAT_TOKEN_USDC,
      source: CIRCLE_USDC,
    }),
    token({
      symbol: 'EURC',
      address: '0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42',
      decimals: 6,
      ...FIAT_TOKEN_EURC,
      source: CIRCLE_EURC,
    }),
    token({
      symbol: 'DAI',
      address: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb',
      decimals: 18,
      methods: PLAIN,
      source: SUPERCHAIN_LIST,
    }),
  ],
  42161: [
    token({
      symbol: 'USDC',
      address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      decimals: 6,
      ...FIAT_TOKEN_USDC,
      source: CIRCLE_USDC,
    }),
    token({
      symbol: 'USDT',
      address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
      decimals: 6,
      methods: PLAIN,
      source: TETHER,
    }),
    token({ ...MAKER_L2_DAI, source: ARBITRUM_DAI }),
  ],
  10: [
    token({
      symbol: 'USDC',
      address: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
      decimals: 6,
      ...FIAT_TOKEN_USDC,
      source: CIRCLE_USDC,
    }),
    token({
      symbol: 'USDT',
      address: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58',
      decimals: 6,
      methods: PLAIN,
      source: SUPERCHAIN_LIST,
    }),
    token({ ...MAKER_L2_DAI, source: SUPERCHAIN_LIST }),
  ],
  137: [
    token({
      symbol: 'USDC',
      address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
      decimals: 6,
      ...FIAT_TOKEN_USDC,
      source: CIRCLE_USDC,
    }),
    token({
      symbol: 'USDT',
      address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F',
      decimals: 6,
      methods: PLAIN,
      source: POLYGON_POS,
    }),
    token({
      symbol: 'DAI',
      address: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063',
      decimals: 18,
      methods: PLAIN,
      source: POLYGON_POS,
    }),
  ],
}

// The dev chain's test tokens live at fixed addresses (put there by devnet/setUpDevChain.ts), each
// behaving as its real counterpart does.
export const DEV_USDC_ADDRESS: Address = getAddress('0xb111f01db111f01db111f01db111f01db111f01d')
export const DEV_EURC_ADDRESS: Address = getAddress('0xb222e0c0b222e0c0b222e0c0b222e0c0b222e0c0')
export const DEV_USDT_ADDRESS: Address = getAddress('0xb3335d7db3335d7db3335d7db3335d7db3335d7d')
export const DEV_DAI_ADDRESS: Address = getAddress('0xb444da10b444da10b444da10b444da10b444da10')

export const devTokens: readonly TokenProfile[] = [
  {
    symbol: 'USDC',
    address: DEV_USDC_ADDRESS,
    decimals: 6,
    ...FIAT_TOKEN_USDC,
    source: 'contracts/TestStablecoins.sol',
  },
  {
    symbol: 'EURC',
    address: DEV_EURC_ADDRESS,
    decimals: 6,
    ...FIAT_TOKEN_EURC,
    source: 'contracts/TestStablecoins.sol',
  },
  {
    symbol: 'USDT',
    address: DEV_USDT_ADDRESS,
    decimals: 6,
    methods: PLAIN,
    source: 'contracts/TestStablecoins.sol',
  },
  {
    symbol: 'DAI',
    address: DEV_DAI_ADDRESS,
    decimals: 18,
    methods: PLAIN,
    permit: 'dai-permit',
    eip712: { name: 'Dai Stablecoin', version: '1' },
    source: 'contracts/TestStablecoins.sol',
  },
]
