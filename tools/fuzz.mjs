// Bounded libFuzzer runs of cpp/fuzz/fuzz_*.cpp (built with clang, ASan + UBSan).
// Each target first replays its committed inputs (cpp/fuzz/corpus/<target>, which also
// holds every past finding as a regression input), then fuzzes for its time budget on a
// scratch copy, so the repository is never written to.
//   node tools/fuzz.mjs                    ~2 minutes in all (the npm test budget)
//   FUZZ_SECONDS=3600 node tools/fuzz.mjs  a long local run, per target
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { capture, main, root, run, step } from './lib.mjs';

// Seconds per target for the default run: the encoders get the most.
const budget = { fuzz_encoders: 80, fuzz_messages: 30 };

export function buildFuzzers() {
  const dir = path.join(root, 'build', 'fuzz');
  const done = step('Building the fuzz targets (clang, libFuzzer, ASan + UBSan)');
  if (!existsSync(path.join(dir, 'CMakeCache.txt'))) {
    run('cmake', [
      '-S',
      root,
      '-B',
      dir,
      '-DCMAKE_CXX_COMPILER=clang++',
      '-DPOSENC_FUZZ=ON',
      '-DPOSENC_WERROR=ON',
      '-DCMAKE_BUILD_TYPE=RelWithDebInfo',
    ]);
  }
  run('cmake', ['--build', dir, '-j', '2']);
  done();
  return dir;
}

export function fuzzAll() {
  const dir = buildFuzzers();
  const targets = readdirSync(path.join(root, 'cpp', 'fuzz'))
    .filter((f) => /^fuzz_.*\.cpp$/.test(f))
    .map((f) => f.replace('.cpp', ''));
  let passed = 0,
    failed = 0;
  for (const target of targets) {
    const seconds = Number(process.env.FUZZ_SECONDS) || budget[target] || 30;
    const done = step(`Fuzzing ${target} for ${seconds} s`);
    const corpus = path.join(root, 'cpp', 'fuzz', 'corpus', target);
    const work = path.join(dir, 'work', target);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    if (existsSync(corpus)) cpSync(corpus, work, { recursive: true });
    const artifacts = path.join(dir, 'findings', target) + path.sep;
    mkdirSync(artifacts, { recursive: true });
    const { status, output } = capture(path.join(dir, target), [
      `-max_total_time=${seconds}`,
      '-timeout=10',
      '-rss_limit_mb=2048',
      '-print_final_stats=1',
      `-artifact_prefix=${artifacts}`,
      work,
    ]);
    const runs = /stat::number_of_executed_units:\s*(\d+)/.exec(output)?.[1] ?? '?';
    const coverage = [...output.matchAll(/cov: (\d+)/g)].pop()?.[1] ?? '?';
    if (status === 0) {
      passed++;
      console.log(`    ${target}: ${runs} executions, coverage ${coverage} edges, no finding`);
    } else {
      failed++;
      console.log(output.split('\n').slice(-40).join('\n'));
      console.log(
        `    ${target}: FINDING after ${runs} executions; reproducer in ${artifacts}` +
          ` (copy it into cpp/fuzz/corpus/${target}/ once fixed, as a regression input)`,
      );
    }
    done();
  }
  console.log(`fuzz: ${passed} passed, ${failed} failed`);
  return failed === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(async () => {
    if (!fuzzAll()) process.exit(1);
  });
}
