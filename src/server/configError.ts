import { BaseError } from '../domain/baseError.ts'

/** A setting the server cannot start with, named by its environment variable. */
export class ConfigError extends BaseError {
  override name = 'ConfigError'
  constructor(variable: string, problem: string) {
    super({
      code: 'CONFIG_INVALID',
      shortMessage: `${variable} ${problem}`,
      details: `environment variable ${variable}`,
    })
  }
}
