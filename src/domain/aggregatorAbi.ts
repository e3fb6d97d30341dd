/**
 * Chainlink's AggregatorV3Interface as a feed's proxy answers it: read by the server and by a payer's
 * browser. Written out rather than parsed by `parseAbi`, which would bring its parser to every payer.
 */
const round = [
  { name: 'roundId', type: 'uint80' },
  { name: 'answer', type: 'int256' },
  { name: 'startedAt', type: 'uint256' },
  { name: 'updatedAt', type: 'uint256' },
  { name: 'answeredInRound', type: 'uint80' },
] as const

export const aggregatorAbi = [
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint8' }] },
  { type: 'function', name: 'latestRoundData', stateMutability: 'view', inputs: [], outputs: round },
  {
    type: 'function',
    name: 'getRoundData',
    stateMutability: 'view',
    inputs: [{ name: 'roundId', type: 'uint80' }],
    outputs: round,
  },
] as const
