// What every `posenc` command shares: its two kinds of failure and the reading of its arguments.
import { parseArgs } from 'node:util';

/** A command line that cannot be run as written (exit 2). */
export class UsageError extends Error {}
/** A file or stream that cannot be read or written (exit 3). */
export class IoError extends Error {}

/** The values and positionals of argv under parseArgs `options`, every problem a UsageError. */
export function parseCommandLine(argv, options) {
  try {
    // allowNegative is not in Node 20: join "--min -2" to "--min=-2" first.
    const args = [];
    for (let i = 0; i < argv.length; i++) {
      const option = /^--([a-z-]+)$/.exec(argv[i])?.[1];
      if (option && options[option]?.type === 'string' && i + 1 < argv.length) args.push(`${argv[i]}=${argv[++i]}`);
      else args.push(argv[i]);
    }
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error.message);
  }
}

export function number(text, name) {
  if (!/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(text))
    throw new UsageError(`--${name} expects a number, got ${JSON.stringify(text)}`);
  return Number(text);
}

export function list(text, name) {
  return text.split(',').map((part) => number(part, name));
}

export function json(text, name) {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`--${name} expects JSON, got ${JSON.stringify(text)}`);
  }
}
