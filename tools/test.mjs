// `npm test`: every suite, in order, each in its own stage, then one summary line.
//   format     clang-format, prettier, the 120-character line limit and 80-line functions (tools/format.mjs)
//   native     GoogleTest through ctest (Release)
//   sanitize   the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer
//   fuzz       libFuzzer targets (clang, ASan + UBSan), about two minutes (tools/fuzz.mjs)
//   wasm       ctest of both wasm flavours (smoke test, SIMD128 instruction check)
//   types      tsc --noEmit over typed examples of the JS API and of the elements (DOM, React, Preact)
//   js         node:test over the built package (both wasm flavours)
//   browser    the page and the library in headless Chromium
// Expects `node tools/build.mjs` to have run (npm test does it first).
import { spawn } from 'node:child_process';
import { cmakeBuild } from './cmake.mjs';
import { root, step } from './lib.mjs';

// Runs a command, streaming its output, and returns { status, output }.
function stream(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    const tee = (target) => (chunk) => {
      output += chunk;
      target.write(chunk);
    };
    child.stdout.on('data', tee(process.stdout));
    child.stderr.on('data', tee(process.stderr));
    child.on('error', (error) => resolve({ status: 1, output: `${output}\n${error.message}` }));
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });
}

const counters = {
  ctest(output) {
    const m = /(\d+)% tests passed, (\d+) tests? failed out of (\d+)/.exec(output);
    return m ? { passed: Number(m[3]) - Number(m[2]), failed: Number(m[2]) } : null;
  },
  node(output) {
    const pass = /^[#ℹ] pass (\d+)/m.exec(output),
      fail = /^[#ℹ] fail (\d+)/m.exec(output);
    return pass && fail ? { passed: Number(pass[1]), failed: Number(fail[1]) } : null;
  },
  plain(output) {
    const m = /^\w+: (\d+) passed, (\d+) failed$/m.exec(output);
    return m ? { passed: Number(m[1]), failed: Number(m[2]) } : null;
  },
  exit: () => null,
};

const stages = [
  { name: 'format', count: 'plain', command: ['node', ['tools/format.mjs']] },
  {
    name: 'native',
    count: 'ctest',
    prepare: () => cmakeBuild('native'),
    command: ['ctest', ['--test-dir', 'build/native', '--output-on-failure', '-j2']],
  },
  {
    name: 'sanitize',
    count: 'ctest',
    prepare: () => cmakeBuild('sanitize'),
    command: ['ctest', ['--test-dir', 'build/sanitize', '--output-on-failure', '-j2']],
  },
  { name: 'fuzz', count: 'plain', command: ['node', ['tools/fuzz.mjs']] },
  { name: 'wasm-simd', count: 'ctest', command: ['ctest', ['--test-dir', 'build/wasm-simd', '--output-on-failure']] },
  {
    name: 'wasm-scalar',
    count: 'ctest',
    command: ['ctest', ['--test-dir', 'build/wasm-scalar', '--output-on-failure']],
  },
  // the library's declarations, then the elements' (plain DOM, React 19 JSX, Preact JSX)
  {
    name: 'types',
    count: 'exit',
    command: [
      'sh',
      [
        '-c',
        [
          'tests/js/tsconfig.json',
          'tests/types/tsconfig.json',
          'tests/types/tsconfig.react.json',
          'tests/types/tsconfig.preact.json',
          'tests/types/tsconfig.preact11.json',
        ]
          .map((p) => `npx --no-install tsc --noEmit -p ${p}`)
          .join(' && '),
      ],
    ],
  },
  { name: 'js', count: 'node', command: ['node', ['--test', '--test-reporter=spec', 'tests/js/']] },
  {
    name: 'browser',
    count: 'node',
    command: ['node', ['--test', '--test-concurrency=1', '--test-reporter=spec', 'tests/browser/']],
  },
];

const only = process.argv.slice(2);
const results = [];
for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  let status = 0,
    output = '';
  try {
    stage.prepare?.();
    const done = step(`Testing: ${stage.name}`);
    ({ status, output } = await stream(...stage.command));
    done();
  } catch (error) {
    status = 1;
    output = error.message;
    console.error(error.message);
  }
  const counted = counters[stage.count](output) ?? { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
  if (status !== 0 && counted.failed === 0) counted.failed = 1; // a crash or a build error is a failure
  results.push({ name: stage.name, ...counted });
}

console.log('\n\x1b[1m==> Summary\x1b[0m');
let passed = 0,
  failed = 0;
for (const r of results) {
  passed += r.passed;
  failed += r.failed;
  console.log(`    ${r.name.padEnd(12)} ${r.passed} passed, ${r.failed} failed`);
}
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
