// The house format, checked in `npm test` and applied by `node tools/format.mjs --write`:
//   C++ (cpp/, tests/)   clang-format (Debian's), style in .clang-format
//   JavaScript/TypeScript prettier, style in .prettierrc.json (files it skips: .prettierignore)
//   every source line    at most 120 characters (code points), comments and strings included:
//                        the formatters leave long strings and comments as they are
//   every function       at most 80 lines, in web/ and tools/ (what users run and what builds it); tests are
//                        left out: a describe() callback is a list of cases, not a function to read as one
// Prints one line per problem and a closing `format: N passed, N failed` line (four checks: clang-format,
// prettier, line length, function length).
import { capture, main, root } from './lib.mjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'acorn';

export const MAX_LINE = 120;
export const MAX_FUNCTION_LINES = 80;
const FUNCTION_CHECKED = /^(web|tools)\/.*\.(js|mjs)$/;
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

// Functions longer than MAX_FUNCTION_LINES: [{ file, line, lines }]. A nested function counts on its own and
// inside its parent, so a long parent is not excused by moving its body into a closure.
export function longFunctions(files) {
  const found = [];
  const visit = (node, file) => {
    if (!node || typeof node.type !== 'string') return;
    if (/Function/.test(node.type)) {
      const lines = node.loc.end.line - node.loc.start.line + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ file, line: node.loc.start.line, lines });
    }
    for (const value of Object.values(node))
      if (Array.isArray(value)) value.forEach((child) => visit(child, file));
      else if (value && typeof value === 'object') visit(value, file);
  };
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    const options = { ecmaVersion: 'latest', sourceType: 'module', locations: true, allowHashBang: true };
    visit(parse(source, options), file);
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
  const longFns = longFunctions(scripts.filter((f) => FUNCTION_CHECKED.test(f)));
  for (const f of badCpp) console.log(`${f}: not clang-formatted (node tools/format.mjs --write)`);
  for (const f of badScripts) console.log(`${f}: not prettier-formatted (node tools/format.mjs --write)`);
  for (const l of long) console.log(`${l.file}:${l.line}: ${l.length} characters, more than ${MAX_LINE}`);
  for (const f of longFns)
    console.log(`${f.file}:${f.line}: a function of ${f.lines} lines, more than ${MAX_FUNCTION_LINES}`);
  const checks = [badCpp.size, badScripts.size, long.length, longFns.length];
  const failed = checks.filter((n) => n > 0).length;
  console.log(`${cpp.length} C++ files, ${scripts.length} JavaScript/TypeScript files`);
  console.log(`format: ${checks.length - failed} passed, ${failed} failed`);
  if (failed) process.exitCode = 1;
}

await main(format);
