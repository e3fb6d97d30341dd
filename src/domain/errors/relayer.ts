import { ApiError } from './apiError.ts'

// The payee's gas relayer, which sends a payer's signed payment and pays its gas.

/** The payee's relayer cannot send now (none, paused, out of funds or over its budget). */
export class GaslessUnavailableError extends ApiError {
  static override readonly code = 'GASLESS_UNAVAILABLE'
  declare readonly code: typeof GaslessUnavailableError.code
  override name = 'GaslessUnavailableError'
}

/** The relayer refuses this payer for a while (their payments reverted too often). */
export class GaslessRefusedError extends ApiError {
  static override readonly code = 'GASLESS_REFUSED'
  declare readonly code: typeof GaslessRefusedError.code
  override name = 'GaslessRefusedError'
}

/** The token refused the transfer when it was simulated: nothing was sent. */
export class SimulationFailedError extends ApiError {
  static override readonly code = 'SIMULATION_FAILED'
  declare readonly code: typeof SimulationFailedError.code
  override name = 'SimulationFailedError'
}
