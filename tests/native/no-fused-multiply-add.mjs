// The kernel objects hold no fused multiply-add: every target is to give the baseline's bits, and a
// fused a * b + c rounds once where the baseline rounds twice. -ffp-contract=off forbids the
// contraction in the source, but not every vectoriser pass obeys it (CMakeLists.txt, AVX-512).
//
// node no-fused-multiply-add.mjs <object>...
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// CMake passes a target's object list ($<TARGET_OBJECTS:...>) as one argument, separated by ';'.
const objects = process.argv
  .slice(2)
  .flatMap((arg) => arg.split(';'))
  .filter(Boolean);
if (objects.length === 0) throw new Error('no object to check');
const fused = /\bv?f(n?m(add|sub)(sub|add)?)\d{3}[sp][sd]\b/;
let failed = 0;
for (const path of objects) {
  if (!existsSync(path)) throw new Error(`no object ${path}`);
  let fn = '?';
  const found = [];
  for (const line of execFileSync('objdump', ['-d', '-C', '--no-show-raw-insn', path], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  }).split('\n')) {
    const header = /^[0-9a-f]+ <(.*)>:$/.exec(line);
    if (header) fn = header[1];
    else if (fused.test(line)) found.push(`${fn}: ${line.trim()}`);
  }
  if (found.length) {
    failed++;
    console.log(`${path}: ${found.length} fused multiply-adds, first ${found.slice(0, 3).join('; ')}`);
  } else {
    console.log(`${path}: no fused multiply-add`);
  }
}
console.log(`${objects.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
