// The configuration docs/bundlers.md tells users to write, read from the page itself, so that the
// bundler tests run with exactly the documented lines and the page cannot drift from what works.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';

export const DOC = join(ROOT, 'docs', 'bundlers.md');

/** The text of the one ```js block of docs/bundlers.md whose first line is `// <file>`. */
export function configBlock(file) {
  const text = readFileSync(DOC, 'utf8');
  const blocks = [...text.matchAll(/^```js\n([\s\S]*?)^```$/gm)]
    .map((m) => m[1])
    .filter((b) => b.startsWith(`// ${file}\n`));
  if (blocks.length !== 1)
    throw new Error(`docs/bundlers.md: expected one \`\`\`js block starting with "// ${file}", found ${blocks.length}`);
  return blocks[0];
}
