// TypeScript declarations of `posenc/elements`, generated from the Custom Elements Manifest
// (tools/build-embed.mjs), so the types list exactly the tags, attributes and events the code has:
//   elementTypes(manifest)   dist/lib/posenc-embed.d.ts: the classes, each tag's attributes,
//                            HTMLElementTagNameMap
//   jsxTypes('react' | 'preact', manifest)   dist/lib/posenc-embed-{react,preact}.d.ts: JSX.IntrinsicElements
//                            for React 19 and Preact 10 and 11, type-only entry points

const HEADER = '// Generated from custom-elements.json by tools/build-embed.mjs. Do not edit.\n';

const doc = (text, indent = '') => `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n`;
const quoted = (name) => (/^[a-z_$][\w$]*$/i.test(name) ? name : `'${name}'`);

// An attribute's value as a page or JSX writes it: numbers also as their text ("64").
function attributeType(text) {
  if (text === 'number') return 'number | `${number}`';
  if (text === 'boolean') return 'boolean';
  return text;
}

function attributesInterface(declaration) {
  let out = doc(`Attributes of \`<${declaration.tagName}>\`: ${declaration.summary}`);
  out += `export interface ${declaration.name}Attributes {\n`;
  for (const a of declaration.attributes) {
    const def = a.default === undefined ? '' : ` Default: ${a.default}.`;
    out += doc(`${a.description}${def}`, '  ');
    out += `  ${quoted(a.name)}?: ${attributeType(a.type.text)} | undefined;\n`;
  }
  return `${out}}\n`;
}

/** posenc-embed.d.ts for `manifest` (the object written to custom-elements.json). */
export function elementTypes(manifest) {
  const declarations = manifest.modules[0].declarations;
  const events = declarations[0]?.events ?? [];
  const figureDoc = doc('What every figure element shares: its parameters are its attributes.');
  const specDoc = doc('How a parameter is read from its attribute: its type, range and default.');
  let out = HEADER;
  out += `// Importing 'posenc/elements' registers every figure element (customElements.define); on a server
// (Node, where there is no customElements) the import works and registers nothing.

${doc('The events every figure element dispatches.')}export interface PosencFigureEventMap extends HTMLElementEventMap {
${events.map((e) => `${doc(e.description, '  ')}  ${quoted(e.name)}: ${e.type.text};\n`).join('')}}

${figureDoc}export declare class PosencFigure extends HTMLElement {
  ${doc('The tag the class is registered under.').trim()}
  static readonly tag: string;
  addEventListener<K extends keyof PosencFigureEventMap>(
    type: K,
    listener: (this: this, event: PosencFigureEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof PosencFigureEventMap>(
    type: K,
    listener: (this: this, event: PosencFigureEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

${specDoc}export type ParamSpec =
  | {
      readonly type: 'int' | 'real';
      readonly min: number;
      readonly max: number;
      readonly def: number;
      readonly even?: boolean;
    }
  | { readonly type: 'enum'; readonly values: readonly string[]; readonly def: string }
  | { readonly type: 'bool'; readonly def: boolean };

`;
  for (const d of declarations) {
    out += attributesInterface(d) + '\n';
    out += doc(`\`<${d.tagName}>\`: ${d.summary}`);
    out += `export declare class ${d.name} extends PosencFigure {\n  static readonly tag: '${d.tagName}';\n}\n\n`;
  }
  const attributesDoc = doc("Each tag's attributes, by tag: the props of the JSX declarations.");
  const paramsDoc = doc('Every parameter of every figure, by tag (the attributes, in camelCase).');
  const infoDoc = doc("The library the figures' Worker runs: its version and whether it is the SIMD128 build.");
  out += `${attributesDoc}export interface PosencElementAttributes {
${declarations.map((d) => `  '${d.tagName}': ${d.name}Attributes;\n`).join('')}}

${paramsDoc}export declare const FIGURE_PARAMS: {
  readonly [Tag in keyof PosencElementAttributes]: { readonly [param: string]: ParamSpec };
};

${infoDoc}export declare function libraryInfo(): Promise<{ version: string; simd: boolean }>;

declare global {
  interface HTMLElementTagNameMap {
${declarations.map((d) => `    '${d.tagName}': ${d.name};\n`).join('')}  }
}
`;
  return out;
}

const JSX = {
  react: {
    module: 'react',
    imports: "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    props: 'DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>',
  },
  // Preact 11 has the HTML attributes as preact.HTMLAttributes, Preact 10 before 10.27.2 only as
  // JSX.HTMLAttributes: the props of <figure> are HTMLAttributes<HTMLElement> in every release of both.
  preact: {
    module: 'preact',
    imports: "import type { JSX as PreactJSX } from 'preact';",
    props: "PreactJSX.IntrinsicElements['figure']",
  },
};

/** posenc-embed-<framework>.d.ts: the tags of `manifest` as JSX intrinsic elements of React 19 or Preact. */
export function jsxTypes(framework, manifest) {
  const { module, imports, props } = JSX[framework];
  // One member per tag, not a base type of IntrinsicElements: Preact's props above read IntrinsicElements,
  // which a base type cannot do while the interface is being resolved.
  const tags = manifest.modules[0].declarations.map((d) => `      '${d.tagName}': PosencProps<'${d.tagName}'>;\n`);
  return `${HEADER}// Type-only: \`import type {} from 'posenc/elements/${framework}'\` (or list it in tsconfig "types")
// lets ${framework === 'react' ? 'React 19' : 'Preact 10 or 11'} JSX use the figure tags with typed attributes.
${imports}
import type { PosencElementAttributes } from './posenc-embed.js';

type PosencProps<Tag extends keyof PosencElementAttributes> = Omit<${props}, keyof PosencElementAttributes[Tag]> &
  PosencElementAttributes[Tag];

declare module '${module}' {
  namespace JSX {
    interface IntrinsicElements {
${tags.join('')}    }
  }
}
`;
}
