/** What a log line carries beside its message: the chain, the request, the payee it is about. */
export type LogFields = Readonly<Record<string, string | number | boolean | undefined>>

/**
 * The server's log, by level: `info` for what an operator follows (caught up, handed over), `warn`
 * for what failed and will be tried again, `error` for what nobody will retry. A child carries its
 * fields on every line (a chain's watcher, a request's resolver).
 */
export type Logger = {
  debug(message: string, fields?: LogFields): void
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
  child(fields: LogFields): Logger
}

type Level = 'debug' | 'info' | 'warn' | 'error'

/**
 * A logger writing each message as one line, whatever its level, through `write` (development's
 * text, tests reading lines); fields are in the message already, so they are not repeated.
 */
export function lineLogger(write: (line: string, level: Level) => void): Logger {
  const at = (level: Level) => (message: string) => write(message, level)
  const logger: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => logger,
  }
  return logger
}

/** A logger that drops everything (benchmarks, tests that read no line). */
export const silentLogger: Logger = lineLogger(() => {})
