// Download helpers: PNG and SVG of a figure (canvas + SVG overlay), CSV of its data, clipboard copy.

export function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 4000);
}

const PROPS = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'font-size',
  'font-family',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
];
/** A standalone SVG string: computed styles inlined, optional raster (canvas) embedded under the marks. */
export function svgString(svg, { canvas, at, background } = {}) {
  const clone = svg.cloneNode(true);
  const src = svg.querySelectorAll('*'),
    dst = clone.querySelectorAll('*');
  src.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const style = PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    dst[i].style.cssText = style; // CSSOM: allowed under a CSP without style-src 'unsafe-inline'
  });
  const w = svg.getAttribute('width'),
    hgt = svg.getAttribute('height');
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('viewBox', `0 0 ${w} ${hgt}`);
  if (canvas && at) {
    const img = document.createElementNS('http://www.w3.org/2000/svg', 'image');
    img.setAttribute('href', canvas.toDataURL('image/png'));
    for (const k of ['x', 'y', 'width', 'height']) img.setAttribute(k, at[k]);
    img.setAttribute('preserveAspectRatio', 'none');
    img.style.cssText = 'image-rendering:pixelated';
    clone.insertBefore(img, clone.firstChild);
  }
  if (background) {
    const r = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    r.setAttribute('width', w);
    r.setAttribute('height', hgt);
    r.setAttribute('fill', background);
    clone.insertBefore(r, clone.firstChild);
  }
  return new XMLSerializer().serializeToString(clone);
}

/** PNG of an SVG overlay with an optional canvas beneath, at 2x. */
export async function pngBlob(svg, { canvas, at, background }) {
  const w = +svg.getAttribute('width'),
    hgt = +svg.getAttribute('height'),
    k = 2;
  const out = document.createElement('canvas');
  out.width = w * k;
  out.height = hgt * k;
  const ctx = out.getContext('2d');
  ctx.scale(k, k);
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, w, hgt);
  if (canvas && at) {
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(canvas, at.x, at.y, at.width, at.height);
  }
  const url = URL.createObjectURL(new Blob([svgString(svg)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    ctx.drawImage(img, 0, 0, w, hgt);
  } finally {
    URL.revokeObjectURL(url);
  }
  return new Promise((r) => out.toBlob(r, 'image/png'));
}

/** CSV text of a row-major matrix with headers. */
export function csvMatrix(data, rows, cols, { corner = '', rowName = (i) => i, colName = (j) => j } = {}) {
  const q = (x) => {
    const s = String(x);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [[corner, ...Array.from({ length: cols }, (_, j) => colName(j))].map(q).join(',')];
  for (let i = 0; i < rows; i++) {
    const r = [q(rowName(i))];
    for (let j = 0; j < cols; j++) r.push(String(data[i * cols + j]));
    lines.push(r.join(','));
  }
  return lines.join('\n') + '\n';
}
export const saveCsv = (text, name) => saveBlob(new Blob([text], { type: 'text/csv' }), name);

/** The background colour a figure is drawn on (resolved from its CSS custom properties). */
export const bgOf = (el) => getComputedStyle(el).getPropertyValue('--bg').trim() || '#fff';

/** A plot panel's items in its figure's download menu: PNG, SVG and CSV, run by the panel's own methods. */
export const plotDownloads = (plot) => [
  { text: 'PNG', run: () => plot.downloadPng() },
  { text: 'SVG', run: () => plot.downloadSvg() },
  { text: 'CSV', run: () => plot.downloadCsv() },
];
