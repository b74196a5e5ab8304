// The command line's part of `npm run bench` (also runnable alone: `node tools/bench-cli.mjs`): tables
// written by `posenc table` through a pipe, as a user's `posenc table ... | consumer` runs.
//   throughput   MB/s of CSV (and of npy, for scale) read from the pipe, process start included
//   peak memory  the process's peak resident set (resourceUsage().maxRSS at exit) at two table sizes
//                10x apart: it should not grow with the table, which goes out a block of rows at a time
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { main, root, step } from './lib.mjs';

const cli = path.join(root, 'web', 'cli', 'posenc.js');
// Reports the peak resident set of the command's process at its exit, on standard error.
const PEAK =
  'data:text/javascript,' +
  "process.on('exit', () => process.stderr.write('peak ' + process.resourceUsage().maxRSS + '\\n'))";

// One run: bytes read from the pipe, seconds from spawn to exit, the peak resident set in bytes.
function measure(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', PEAK, cli, 'table', ...args], { cwd: root });
    let bytes = 0,
      stderr = '';
    child.stdout.on('data', (chunk) => (bytes += chunk.length));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0) return reject(new Error(`posenc table ${args.join(' ')} failed (${status}):\n${stderr}`));
      const seconds = (performance.now() - started) / 1000;
      resolve({ bytes, seconds, peak: Number(/^peak (\d+)$/m.exec(stderr)[1]) * 1024 });
    });
  });
}

// Each case at two sizes 10x apart: the larger one gives the throughput, both the peak memory.
const CASES = [
  {
    what: 'sinusoidal, csv',
    args: (rows) => ['sinusoidal', '--positions', rows, '--dim', '256'],
    rows: 40000,
    columns: 256,
  },
  { what: 'learned, csv', args: (rows) => ['learned', '--max-len', rows, '--dim', '512'], rows: 20000, columns: 512 },
  {
    what: 't5-buckets, csv (int32)',
    args: (rows) => ['t5-buckets', '--query-len', rows, '--key-len', '512'],
    rows: 100000,
    columns: 512,
  },
  {
    what: 'learned, npy',
    args: (rows) => ['learned', '--max-len', rows, '--dim', '512', '--format', 'npy'],
    rows: 100000,
    columns: 512,
  },
];

export async function benchCli() {
  const done = step('Command line: tables through a pipe (throughput, peak memory at two sizes)');
  const rows = [];
  for (const c of CASES) {
    const small = await measure(c.args(String(c.rows / 10)));
    const large = await measure(c.args(String(c.rows)));
    rows.push({
      what: c.what,
      rows: c.rows,
      columns: c.columns,
      mb: large.bytes / 1e6,
      mbps: large.bytes / 1e6 / large.seconds,
      peakSmallMiB: small.peak / 2 ** 20,
      peakLargeMiB: large.peak / 2 ** 20,
    });
  }
  done();
  return rows;
}

export function printCli(rows) {
  console.log(
    '\n| posenc table through a pipe | rows x columns | MB | MB/s | peak RSS MiB, rows / 10 | peak RSS MiB |' +
      '\n|---|---|---:|---:|---:|---:|',
  );
  for (const r of rows) {
    console.log(
      `| ${r.what} | ${r.rows} x ${r.columns} | ${r.mb.toFixed(0)} | ${r.mbps.toFixed(1)} | ` +
        `${r.peakSmallMiB.toFixed(0)} | ${r.peakLargeMiB.toFixed(0)} |`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(async () => printCli(await benchCli()));
}
