// The per-target kernel objects (kernels_simd.cpp and gaussian_simd.cpp built with -mavx2,
// -mavx512*) must not share an inline function or template instantiation with the baseline
// objects: the linker keeps one copy of each weak (COMDAT) symbol, so a shared one compiled
// with AVX2 could run on a CPU without it. Every weak symbol of those objects has to lie in the
// target's namespace or be an xsimd template of the target's arch type, which no baseline object
// instantiates.
//
// node kernel-target-symbols.mjs [--expect-shared] <target> <object>... [<target> <object>...]
// Targets are avx2 and avx512. --expect-shared inverts the verdict (the fixture proving the
// check sees a shared symbol).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const archTypes = {
  avx2: ['xsimd::avx2'],
  avx512: ['xsimd::avx512bw', 'xsimd::avx512dq', 'xsimd::avx512cd', 'xsimd::avx512f'],
};
// CMake passes a target's object list ($<TARGET_OBJECTS:...>) as one argument, separated by ';'.
const args = process.argv.slice(2).flatMap((arg) => arg.split(';'));
const expectShared = args[0] === '--expect-shared';
if (expectShared) args.shift();

const objects = [];
let target = null;
for (const arg of args) {
  if (arg in archTypes) target = arg;
  else if (!target) throw new Error(`expected a target (${Object.keys(archTypes).join(', ')}) before ${arg}`);
  else objects.push({ target, path: arg });
}
if (objects.length === 0) throw new Error('no object to check');

// nm's types for defined weak symbols: W/V (weak function/object), u (GNU unique object).
const weakTypes = new Set(['W', 'V', 'u']);
const mangledWeak = (path) =>
  execFileSync('nm', ['--defined-only', path], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\S*\s+(\S)\s+(\S+)$/.exec(line))
    .filter((m) => m && weakTypes.has(m[1]))
    .map((m) => m[2]);
// COMDAT group signatures too: a group the linker folds need not carry a weak symbol of its name.
const groupLine = /^COMDAT group section \[\s*\d+\] `[^']*' \[(\S+)\]/gm;
const comdatGroups = (path) =>
  [...execFileSync('readelf', ['-g', '-W', path], { encoding: 'utf8' }).matchAll(groupLine)].map((m) => m[1]);
const demangle = (names) =>
  names.length === 0
    ? []
    : execFileSync('c++filt', { input: names.join('\n'), encoding: 'utf8' })
        .trim()
        .split('\n');

// The one weak symbol every C++ object with exceptions has: a data pointer to the personality
// routine, the same in all of them, no code compiled for a target.
const sameEverywhere = new Set(['DW.ref.__gxx_personality_v0']);

let shared = 0;
for (const { target, path } of objects) {
  if (!existsSync(path)) throw new Error(`no object ${path}`);
  const names = [...new Set(demangle([...mangledWeak(path), ...comdatGroups(path)]))];
  const own = [`posenc::kernels::${target}::`, `rem_pio2_${target}(`, ...archTypes[target]];
  const outside = names.filter((name) => !sameEverywhere.has(name) && !own.some((fragment) => name.includes(fragment)));
  console.log(`${path}: ${names.length} weak or COMDAT symbols, ${outside.length} outside ${own.join(' / ')}`);
  for (const name of outside) console.log(`  shared: ${name}`);
  shared += outside.length;
}
if (expectShared ? shared === 0 : shared > 0) {
  console.error(expectShared ? 'the check found no shared symbol in the fixture' : 'shared weak symbols found');
  process.exit(1);
}
