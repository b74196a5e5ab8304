// The library names its options as its functions take them (contextLength, maxLen); a message of the
// command line names them as the user typed them (--context-length, --max-len).

const camel = (flag) => flag.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/** `error` with each option that one of `flags` gives written as that flag; other errors as they are. */
export function withFlags(error, flags) {
  if (!(error instanceof RangeError || error instanceof TypeError)) return error;
  const flagOf = new Map(flags.map((flag) => [camel(flag), flag]));
  const message = error.message
    // a field of a JSON option: `scaling.factor must be` -> `--scaling: factor must be`
    .replace(/^([A-Za-z]+)\.([\w.]+) must /, (whole, option, field) =>
      flagOf.has(option) ? `--${flagOf.get(option)}: ${field} must ` : whole,
    )
    .replace(/(?<![-\w.'"])([A-Za-z]+)\b(?!['"])/g, (word) => (flagOf.has(word) ? `--${flagOf.get(word)}` : word));
  return message === error.message ? error : new error.constructor(message, { cause: error });
}
