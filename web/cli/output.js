// Where a command's output goes, a chunk at a time: standard output, or a file (--out).
import { closeSync, openSync, writeSync } from 'node:fs';
import { IoError } from './args.js';

// The next turn of the event loop: lets a pending 'error' of standard output (EPIPE) be heard.
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A sink over standard output: `write(chunk)` resolves once the chunk is taken and the stream wants
 * more (after 'drain' when its buffer is full). A reader that goes away (EPIPE) ends the process from
 * the stream's 'error' handler (web/cli/posenc.js), so a write never waits for a drain that will not come.
 */
export function stdoutSink() {
  const out = process.stdout;
  return {
    write(chunk) {
      if (out.write(chunk)) return nextTurn();
      return new Promise((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      });
    },
    close() {},
  };
}

/** A sink over the file `path`, created (or truncated) now; a failure is an IoError naming the file. */
export function fileSink(path) {
  const fail = (error) => new IoError(`cannot write ${path}: ${error.code ?? error.message}`);
  let fd;
  try {
    fd = openSync(path, 'w');
  } catch (error) {
    throw fail(error);
  }
  return {
    write(chunk) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      try {
        for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
      } catch (error) {
        throw fail(error);
      }
    },
    close() {
      try {
        closeSync(fd);
      } catch (error) {
        throw fail(error);
      }
    },
  };
}

/** The sink of `--out FILE`, or standard output without it. */
export const sinkOf = (out) => (out === undefined ? stdoutSink() : fileSink(out));
