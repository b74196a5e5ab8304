// The real config.json files of tests/configs (sources in tests/configs/SOURCES.md), read once for
// every test file that walks them.
import { readdirSync, readFileSync } from 'node:fs';

const CONFIG_DIR = new URL('../configs/', import.meta.url);

/** [file, JSON text] of every config, sorted by file name. */
export const CONFIG_TEXTS = readdirSync(CONFIG_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => [file, readFileSync(new URL(file, CONFIG_DIR), 'utf8')]);

/** The configs of models without rotary embeddings (ALiBi, absolute or relative positions): error tests only. */
export const WITHOUT_ROPE = new Set(['bloom-560m.json', 'gpt2.json', 'deberta-v3-base.json']);
