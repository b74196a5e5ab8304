// Standard output that was closed when the command started (`posenc table ... >&-`). Node opens
// /dev/null in place of a closed descriptor 0-2, so every write "succeeds" and the output is lost.
// That /dev/null is opened read-write, where a shell's `> /dev/null` opens it write-only: Linux's
// /proc/self/fdinfo tells the two apart. Elsewhere (no /proc) nothing can, and the check says no.
import { fstatSync, readFileSync, statSync } from 'node:fs';

const O_ACCMODE = 3,
  O_RDWR = 2;

/** True when standard output is the /dev/null that Node opened for a closed descriptor 1. */
export function stdoutClosed() {
  try {
    const out = fstatSync(1),
      devNull = statSync('/dev/null');
    if (!out.isCharacterDevice() || out.rdev !== devNull.rdev) return false;
    const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync('/proc/self/fdinfo/1', 'utf8'));
    return flags !== null && (parseInt(flags[1], 8) & O_ACCMODE) === O_RDWR;
  } catch {
    return false;
  }
}
