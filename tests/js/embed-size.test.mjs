// The embed's download budget: what one browser fetches to show the figures (the embed, its Worker, one wasm
// flavour's glue and binary), gzipped, stays within 150 KB, for either flavour.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { distLib } from './helpers.mjs';
import { downloadSizes, EMBED_BUDGET } from '../../tools/build-embed.mjs';

test(`the embed downloads at most ${EMBED_BUDGET} gzipped bytes, SIMD or scalar`, async () => {
  const { size, per } = await downloadSizes(distLib);
  for (const [flavour, bytes] of Object.entries(per))
    assert.ok(bytes <= EMBED_BUDGET, `${flavour}: ${bytes} bytes > ${EMBED_BUDGET}; per file: ${JSON.stringify(size)}`);
});
