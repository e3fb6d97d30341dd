import { pino, type Logger as Pino } from 'pino'
import { lineLogger, type Logger } from '../domain/logger.ts'

/**
 * The server's logger: in production one JSON object per line (with the child loggers' fields:
 * chainId, requestId, payee) for the log pipeline; in development text, what an operator follows
 * on stdout and what went wrong on stderr.
 */
export function createLogger(format: 'json' | 'pretty'): Logger {
  if (format === 'json') return fromPino(pino({ base: { service: 'billfold' } }))
  return lineLogger((line, level) => {
    if (level === 'warn' || level === 'error') console.error(line)
    else if (level === 'info') console.log(line)
  })
}

function fromPino(logger: Pino): Logger {
  return {
    debug: (message, fields) => logger.debug(fields ?? {}, message),
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
    child: (fields) => fromPino(logger.child(fields)),
  }
}
