// docs/elements.md, the reference of every figure element, written from the Custom Elements
// Manifest (dist/lib/custom-elements.json) so that it lists exactly what the code registers.
//   node tools/element-docs.mjs          rewrite docs/elements.md (after npm run build)
//   elementDocs(manifest)                the text; tests/js/docs.test.mjs checks the file is current
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sharedEvents } from './element-types.mjs';

const cell = (text) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');
const code = (text) => (text === undefined || text === '' ? '' : `\`${cell(text)}\``);

function table(header, rows) {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

// The elements' properties and how the declarations type them (tests/types/element-properties.ts checks those).
const TYPESCRIPT = [
  "`Params` is the element's parameters by property name: each element's declarations export it",
  '(`RopePlaneParams` for `<posenc-rope-plane>`).',
  '',
  '## Properties and TypeScript',
  '',
  'Every parameter is also a property of the element, named in camelCase (`mark-m` is `markM`): reading it gives',
  'the value the figure draws with (the attribute clamped, or the default), writing it sets the attribute, and',
  '`null` removes it. A few figures keep one parameter below another: with `dim = 16`, `pair = 40` leaves the',
  'attribute at 40 and reads back 7, as an `<input>` keeps its value within `max`. `no-controls`, `theme` and',
  '`lang` stay attributes. The declarations of',
  '`posenc/elements` type each element class with its properties, map every tag in `HTMLElementTagNameMap`,',
  "and type the detail of `change` and `render` as the element's own parameters:",
  '',
  '```ts',
  "import 'posenc/elements';",
  '',
  "const plane = document.createElement('posenc-rope-plane'); // a RopePlane",
  'plane.dim = 16; // a number; plane.dim = "16" does not compile',
  "plane.addEventListener('change', (event) => {",
  '  console.log(event.detail.m, event.detail.pair); // RopePlaneParams: numbers',
  '});',
  '```',
];

/** The markdown of docs/elements.md for `manifest`. */
export function elementDocs(manifest) {
  const declarations = manifest.modules[0].declarations;
  const first = declarations[0];
  const common = new Set(
    first.attributes
      .map((a) => a.name)
      .filter((name) => declarations.every((d) => d.attributes.some((a) => a.name === name && !a.fieldName))),
  );
  const out = [
    '# Figure elements',
    '',
    'Every element `posenc/elements` registers (`<script type="module" src=".../posenc-embed.js">` does the same),',
    'with its attributes. [embedding.md](embedding.md) shows how to put them in a page. This file is written from',
    '`custom-elements.json` by `node tools/element-docs.mjs`, and a test checks that it is current.',
    '',
    'Every attribute is optional and can change at any time; a value out of range is clamped, anything else',
    'unreadable falls back to the default.',
    '',
    '## What every element has',
    '',
    table(
      ['attribute', 'type', 'default', 'description'],
      first.attributes
        .filter((a) => common.has(a.name))
        .map((a) => [code(a.name), code(a.type.text), code(a.default), cell(a.description)]),
    ),
    '',
    table(
      ['event', 'type', 'description'],
      sharedEvents(declarations).map((e) => [code(e.name), code(e.type), cell(e.description)]),
    ),
    '',
    ...TYPESCRIPT,
    '',
    'Theming: set these custom properties on the element or any ancestor (they inherit into the shadow root).',
    '',
    table(
      ['property', 'default (light)', 'description'],
      first.cssProperties.map((p) => [code(p.name), code(p.default), cell(p.description)]),
    ),
    '',
    '## Elements',
    '',
    ...declarations.map((d) => `- [\`<${d.tagName}>\`](#${d.tagName}): ${cell(d.summary)}`),
  ];
  for (const d of declarations) {
    out.push(
      '',
      `### ${d.tagName}`,
      '',
      `${d.summary} Class \`${d.name}\`.`,
      '',
      table(
        ['attribute', 'property', 'type', 'default', 'values'],
        d.attributes
          .filter((a) => !common.has(a.name))
          .map((a) => [
            code(a.name),
            code(d.members.find((m) => m.attribute === a.name)?.name),
            code(a.type.text),
            code(a.default),
            cell(a.description.replace(/; anything else falls back to the default\.$/, '')),
          ]),
      ),
    );
  }
  return `${out.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = new URL('..', import.meta.url).pathname;
  const manifest = JSON.parse(readFileSync(join(root, 'dist', 'lib', 'custom-elements.json'), 'utf8'));
  writeFileSync(join(root, 'docs', 'elements.md'), elementDocs(manifest));
  console.log('element-docs: wrote docs/elements.md');
}
