// The house format, checked in `npm test` and applied by `node tools/format.mjs --write`:
//   C++ (cpp/, tests/)   clang-format (Debian's), style in .clang-format
//   JavaScript/TypeScript prettier, style in .prettierrc.json (files it skips: .prettierignore)
//   every source line    at most 120 characters (code points), comments and strings included:
//                        the formatters leave long strings and comments as they are
// Prints one line per problem and a closing `format: N passed, N failed` line (three checks: clang-format,
// prettier, line length).
import { capture, main, root } from './lib.mjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const MAX_LINE = 120;
const CPP = ['*.cpp', '*.hpp', '*.h'];
const SCRIPT = ['*.js', '*.mjs', '*.cjs', '*.ts', '*.tsx'];

function tracked(patterns) {
  const { status, output } = capture('git', ['ls-files', '-z', '--', ...patterns]);
  if (status !== 0) throw new Error(`git ls-files failed: ${output}`);
  return output.split('\0').filter(Boolean);
}

// Lines over MAX_LINE code points: [{ file, line, length }].
export function longLines(files) {
  const found = [];
  for (const file of files) {
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const length = [...text].length;
        if (length > MAX_LINE) found.push({ file, line: i + 1, length });
      });
  }
  return found;
}

function clangFormat(files, write) {
  const args = write ? ['-i', ...files] : ['--dry-run', '--Werror', ...files];
  const { status, output, error } = capture('clang-format', args);
  if (error) throw new Error(`clang-format: ${error.message} (Debian package clang-format; npm test installs it)`);
  const bad = new Set(
    [...output.matchAll(/^(\S+?):\d+:\d+: (?:error|warning)/gm)].map((m) =>
      path.relative(root, path.resolve(root, m[1])),
    ),
  );
  if (status !== 0 && !bad.size) throw new Error(`clang-format failed: ${output}`);
  return bad;
}

function prettier(files, write) {
  const bin = path.join(root, 'node_modules', '.bin', 'prettier');
  const { status, output, error } = capture(bin, [write ? '--write' : '--list-different', ...files]);
  if (error) throw new Error(`prettier: ${error.message} (an npm dev dependency: npm ci installs it)`);
  const bad = new Set(
    write
      ? []
      : output
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => files.includes(l)),
  );
  if (status !== 0 && !bad.size) throw new Error(`prettier failed: ${output}`);
  return bad;
}

async function format() {
  const write = process.argv.includes('--write');
  const cpp = tracked(CPP);
  const scripts = tracked(SCRIPT);
  const badCpp = clangFormat(cpp, write);
  const badScripts = prettier(scripts, write);
  const long = longLines([...cpp, ...scripts]);
  for (const f of badCpp) console.log(`${f}: not clang-formatted (node tools/format.mjs --write)`);
  for (const f of badScripts) console.log(`${f}: not prettier-formatted (node tools/format.mjs --write)`);
  for (const l of long) console.log(`${l.file}:${l.line}: ${l.length} characters, more than ${MAX_LINE}`);
  const failed = [badCpp.size, badScripts.size, long.length].filter((n) => n > 0).length;
  console.log(`${cpp.length} C++ files, ${scripts.length} JavaScript/TypeScript files`);
  console.log(`format: ${3 - failed} passed, ${failed} failed`);
  if (failed) process.exitCode = 1;
}

await main(format);
