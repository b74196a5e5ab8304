// TypeScript declarations of `posenc/elements`, generated from the Custom Elements Manifest
// (tools/build-embed.mjs), so the types list exactly the tags, attributes and events the code has:
//   elementTypes(manifest)   dist/lib/posenc-embed.d.ts: the classes with their parameters as typed properties,
//                            each tag's attributes and parameters (the detail of its events), HTMLElementTagNameMap
//   jsxTypes('react' | 'preact', manifest)   dist/lib/posenc-embed-{react,preact}.d.ts: JSX.IntrinsicElements
//                            for React 19 and Preact 10 and 11, type-only entry points

const HEADER = '// Generated from custom-elements.json by tools/build-embed.mjs. Do not edit.\n';

const doc = (text, indent = '') => `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n`;
const quoted = (name) => (/^[a-z_$][\w$]*$/i.test(name) ? name : `'${name}'`);

/** The object type of a figure's parameters, from its manifest fields: `{ dim: number; ... }`, the detail of its
 *  change and render events (build-embed.mjs writes it into the manifest, this file reads it back). */
export const stateType = (fields) => `{ ${fields.map((f) => `${quoted(f.name)}: ${f.type.text}`).join('; ')} }`;

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

/** The events all figures share, with their detail type written for any figure: the detail that is a figure's own
 *  parameters becomes `Params`. Every figure must have the same events. */
export function sharedEvents(declarations) {
  const generic = (d) => d.events.map((e) => [e.name, e.type.text === `CustomEvent<${stateType(d.members)}>`]);
  const first = declarations[0];
  for (const d of declarations)
    if (JSON.stringify(generic(d)) !== JSON.stringify(generic(first)))
      throw new Error(`element-types: ${d.tagName} has events of its own, the declarations give all figures one map`);
  return first.events.map((e, i) => ({ ...e, type: generic(first)[i][1] ? 'CustomEvent<Params>' : e.type.text }));
}

// A figure's class: its parameters as properties (figure.js reflects each into its attribute), and their values as
// the detail type of its events.
function elementClass(d) {
  let out = doc(`The parameters of \`<${d.tagName}>\` by property name: the detail of its change and render events.`);
  const params = d.members.map((m) => `  ${quoted(m.name)}: ${m.type.text};\n`).join('');
  out += `export type ${d.name}Params = {\n${params}};\n\n`;
  out += doc(`\`<${d.tagName}>\`: ${d.summary}`);
  out += `export declare class ${d.name} extends PosencFigure<${d.name}Params> {\n`;
  out += `  static readonly tag: '${d.tagName}';\n`;
  for (const m of d.members) {
    out += doc(`Attribute \`${m.attribute}\`, as the figure reads it: ${m.description} Default: ${m.default}.`, '  ');
    out += `  ${quoted(m.name)}: ${m.type.text};\n`;
  }
  return `${out}}\n`;
}

/** posenc-embed.d.ts for `manifest` (the object written to custom-elements.json). */
export function elementTypes(manifest) {
  const declarations = manifest.modules[0].declarations;
  const events = sharedEvents(declarations);
  const figureDoc = doc('What every figure element shares: its parameters are its attributes.');
  const specDoc = doc('How a parameter is read from its attribute: its type, range and default.');
  let out = HEADER;
  out += `// Importing 'posenc/elements' registers every figure element (customElements.define); on a server
// (Node, where there is no customElements) the import works and registers nothing.

${doc('The events every figure element dispatches; Params: its parameters (RopePlaneParams and so on).')}\
export interface PosencFigureEventMap<Params extends object = AnyParams> extends HTMLElementEventMap {
${events.map((e) => `${doc(e.description, '  ')}  ${quoted(e.name)}: ${e.type};\n`).join('')}}

${doc('Parameters of a figure not known by its type: name -> value.')}\
export type AnyParams = Record<string, number | string | boolean>;

${figureDoc}export declare class PosencFigure<Params extends object = AnyParams> extends HTMLElement {
  ${doc('The tag the class is registered under.').trim()}
  static readonly tag: string;
  addEventListener<K extends keyof PosencFigureEventMap<Params>>(
    type: K,
    listener: (this: this, event: PosencFigureEventMap<Params>[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof PosencFigureEventMap<Params>>(
    type: K,
    listener: (this: this, event: PosencFigureEventMap<Params>[K]) => unknown,
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
  for (const d of declarations) out += attributesInterface(d) + '\n' + elementClass(d) + '\n';
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
