// Small helpers shared by the tools: running commands with visible progress.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Prints a step header and returns a function that prints its duration.
export function step(title) {
  const started = Date.now();
  console.log(`\n\x1b[1m==> ${title}\x1b[0m`);
  return () => console.log(`    (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// Runs a command with inherited output; throws with the command line when it fails.
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) {
    const error = new Error(`failed (exit ${result.status ?? result.signal}): ${command} ${args.join(' ')}`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
}

// Runs a command and returns its output (stdout and stderr together) and exit status.
export function capture(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, ...options });
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}`, error: result.error };
}

// Turns a thrown error into a clean exit with its message (no stack for expected failures).
export async function main(fn) {
  try {
    await fn();
  } catch (error) {
    console.error(`\n\x1b[31merror:\x1b[0m ${error.message}`);
    process.exit(error.exitCode || 1);
  }
}
