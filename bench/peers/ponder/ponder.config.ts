import { createConfig } from 'ponder'
import { erc20Abi, type Address } from 'viem'

// Everything comes from the bench, through the environment.
const env = (name: string) => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}

export default createConfig({
  database: process.env.DATABASE_URL
    ? { kind: 'postgres', connectionString: process.env.DATABASE_URL }
    : { kind: 'pglite', directory: env('PGLITE_DIRECTORY') },
  chains: {
    anvil: {
      id: Number(env('CHAIN_ID')),
      rpc: env('RPC_URL'),
      ...(process.env.WS_URL ? { ws: process.env.WS_URL } : {}),
      ...(process.env.POLLING_INTERVAL_MS ? { pollingInterval: Number(process.env.POLLING_INTERVAL_MS) } : {}),
    },
  },
  contracts: {
    Token: {
      chain: 'anvil',
      abi: erc20Abi,
      address: env('TOKEN') as Address,
      startBlock: Number(env('START_BLOCK')),
      filter: { event: 'Transfer', args: { to: env('PAYEES').split(',') as Address[] } },
    },
  },
})
