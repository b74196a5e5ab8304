// posenc/elements under strict TypeScript: the tags in HTMLElementTagNameMap, typed events and
// attributes. Lines marked @ts-expect-error must stay errors.
import 'posenc/elements';
import { FIGURE_PARAMS, libraryInfo, RopePlane, type PosencFigure, type RopePlaneAttributes } from 'posenc/elements';

const plane: RopePlane = document.createElement('posenc-rope-plane');
const tag: 'posenc-rope-plane' = RopePlane.tag;
const figure: PosencFigure = plane;
plane.setAttribute('dim', '8');
plane.addEventListener('render', (event) => {
  const state: Record<string, number | string | boolean> = event.detail;
  console.log(state, figure, tag);
});
plane.addEventListener('posenc-connect', (event) => {
  event.detail.configured = true;
});
const found: RopePlane | null = document.querySelector('posenc-rope-plane');
const attributes: RopePlaneAttributes = { dim: 8, base: '10000', 'no-controls': true, lang: 'zh' };
// @ts-expect-error: the language is 'en' or 'zh'
const wrongLang: RopePlaneAttributes = { lang: 'fr' };
// @ts-expect-error: rope-plane has no such attribute
const unknown: RopePlaneAttributes = { scaling: 'yarn' };
const spec = FIGURE_PARAMS['posenc-rope-plane'];
const info: Promise<{ version: string; simd: boolean }> = libraryInfo();
console.log(found, attributes, wrongLang, unknown, spec, info);
