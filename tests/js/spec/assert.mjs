// A tiny assertion shim for the shared specs: no imports, so the same spec files run
// under node:test, in a browser page and in a module Worker. Every failure throws an
// Error whose message says what was compared.

export class AssertionError extends Error {
  constructor(message) {
    super(message);
    this.name = 'AssertionError';
  }
}

const fail = (message) => {
  throw new AssertionError(message);
};

export function ok(value, message = 'expected a truthy value') {
  if (!value) fail(message);
}

export function equal(actual, expected, message = '') {
  if (!Object.is(actual, expected))
    fail(`${message ? `${message}: ` : ''}expected ${String(expected)}, got ${String(actual)}`);
}

/** Same length and bit-identical elements (NaN equals NaN). */
export function arrayEqual(actual, expected, message = 'arrays') {
  equal(actual.length, expected.length, `${message}: length`);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) fail(`${message}: element ${i}: expected ${expected[i]}, got ${actual[i]}`);
  }
}

/**
 * |actual[i] - expected[i]| <= abs + rel * |expected[i]| for every i; returns the
 * largest absolute error seen.
 */
export function close(actual, expected, { abs = 2e-6, rel = 0 } = {}, message = 'values') {
  equal(actual.length, expected.length, `${message}: length`);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) {
    const err = Math.abs(actual[i] - expected[i]);
    if (!(err <= abs + rel * Math.abs(expected[i]))) {
      fail(
        `${message}: element ${i}: expected ${expected[i]}, ` +
          `got ${actual[i]} (error ${err}, allowed ${abs + rel * Math.abs(expected[i])})`,
      );
    }
    worst = Math.max(worst, err);
  }
  return worst;
}

/** The type name of an array: 'Float32Array', 'Int32Array', ... */
export function isTyped(value, tag, message = 'result') {
  const actual = ArrayBuffer.isView(value) ? value[Symbol.toStringTag] : typeof value;
  if (actual !== tag) fail(`${message}: expected a ${tag}, got ${actual}`);
}

/**
 * fn() must throw an instance of ErrorClass (exactly that class: a RangeError is not a
 * TypeError) whose message contains every string of `parts`. Returns the error.
 */
export function throws(fn, ErrorClass, parts = [], message = 'call') {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  if (error === undefined) fail(`${message}: expected a ${ErrorClass.name}, nothing was thrown`);
  if (!(error instanceof ErrorClass) || error.name !== ErrorClass.name) {
    fail(`${message}: expected a ${ErrorClass.name}, got ${error?.name}: ${error?.message ?? String(error)}`);
  }
  for (const part of parts) {
    if (!String(error.message).includes(part))
      fail(`${message}: the message "${error.message}" does not mention "${part}"`);
  }
  return error;
}
