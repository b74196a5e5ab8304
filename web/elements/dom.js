// Tiny DOM helpers. Text always goes in through textContent, never as markup.
const SVG_NS = 'http://www.w3.org/2000/svg';

/** h('div', { class: 'x', onclick: f }, 'text', child) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  return fill(el, attrs, children);
}
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  return fill(el, attrs, children);
}
function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else if (k === 'style')
      el.style.cssText = v; // CSSOM, not an inline style attribute: allowed by a CSP without style-src 'unsafe-inline'
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat())
    if (c !== null && c !== undefined && c !== false)
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

/** A plot's axis titles into g: x centred under the plot area (pw x ph), y turned along its left edge at yTitleX. */
export function axisTitles(g, { xLabel, yLabel }, pw, ph, yTitleX) {
  if (xLabel) g.append(s('text', { class: 'atitle', x: pw / 2, y: ph + 32, 'text-anchor': 'middle', text: xLabel }));
  const turned = `translate(${yTitleX},${ph / 2}) rotate(-90)`;
  if (yLabel) g.append(s('text', { class: 'atitle', transform: turned, 'text-anchor': 'middle', text: yLabel }));
}
