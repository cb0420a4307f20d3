import { ConsoleLogger, LogLevel } from '@nestjs/common';

const LOG_LEVELS: Record<string, LogLevel[]> = {
  silent: [],
  fatal: ['fatal'],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  trace: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/** Nest's levels for a `TESSERA_LOG_LEVEL` value (Nest calls info `log`). */
export function nestLogLevels(level: string): LogLevel[] {
  return LOG_LEVELS[level] ?? LOG_LEVELS.info;
}

/**
 * Nest's own start-up narration: a line per module, per controller and per route mapped (several
 * hundred in all), which would bury the start-up banner at info. It stays available at debug.
 */
const NEST_START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** JSON lines at `TESSERA_LOG_LEVEL`, with Nest's start-up narration moved down to debug. */
export class AppLogger extends ConsoleLogger {
  constructor(level: string, context?: string) {
    const options = { json: true, logLevels: nestLogLevels(level) };
    if (context === undefined) super(options);
    else super(context, options);
  }

  /** Takes a new `TESSERA_LOG_LEVEL` while running. */
  setLevel(level: string): void {
    this.setLogLevels(nestLogLevels(level));
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && NEST_START_UP_CONTEXTS.has(context)) super.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }
}
