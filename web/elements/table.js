// Numeric table primitive: a scrollable grid with sticky headers that renders only the visible
// rows and, for wide tables, only the visible columns (so 1024 x 512 values cost a few hundred
// cells), plus "copy" (tab-separated, all values) and CSV download, listed in its figure's download menu.
import { h } from './dom.js';
import { exact, fixed } from './format.js';
import { csvMatrix, saveCsv } from './download.js';

const ROW_H = 22,
  OVERSCAN = 8,
  WRAP_H = 340; // px, as style.js's .tablewrap
// Columns are virtualised past WIDE columns only: that needs one fixed width for every column,
// which narrow tables (with texts of any length) do not want. COL_W fits " -0.1234" and "cos511"
// in the 12px monospace font; RH_W a row number up to 99999.
const WIDE = 48,
  COL_W = 76,
  RH_W = 56,
  COL_OVERSCAN = 3,
  WRAP_W = 800;

export class NumTable {
  /** opts: name, corner, rowName(i), colName(j), copyLabel, copiedLabel, label (its name in the download menu) */
  constructor(opts = {}) {
    this.o = {
      name: 'table',
      corner: '',
      rowName: (i) => String(i),
      colName: (j) => String(j),
      copyLabel: 'Copy',
      copiedLabel: 'Copied',
      ...opts,
    };
    this.table = h('table', { role: 'grid' });
    this.wrap = h('div', { class: 'tablewrap', tabindex: '0' }, this.table);
    this.el = h('div', { class: 'numtable' }, this.wrap);
    this.el.panel = this; // the figure's download menu finds its panels by this
    // The scroll position and viewport height are read only when the reader scrolls: reading
    // them while rendering new data would force a layout of the page (the height defaults to
    // the wrapper's CSS max-height).
    this.top = 0;
    this.left = 0;
    this.height = WRAP_H;
    this.widthPx = WRAP_W;
    this.wrap.addEventListener('scroll', () => {
      if (!this.raf)
        this.raf = requestAnimationFrame(() => {
          this.raf = 0;
          this.view();
          this.render();
        });
    });
    // the wrapper's width decides how many columns show: read it when it changes, not on every render
    this.ro = new ResizeObserver(() => {
      const w = this.wrap.clientWidth;
      if (w && w !== this.widthPx) {
        this.view();
        this.render();
      }
    });
    this.ro.observe(this.wrap);
  }

  // the scrolled window, read only when the reader scrolls or the wrapper resizes
  view() {
    const w = this.wrap;
    this.top = w.scrollTop;
    this.left = w.scrollLeft;
    this.height = w.clientHeight || WRAP_H;
    this.widthPx = w.clientWidth || WRAP_W;
  }

  /** d: { data, rows, cols, highlightCols?: Set<number> } */
  set(d) {
    this.d = d;
    this.first = -1;
    this.render();
    return this;
  }

  // The columns to build: all, or for a wide table the visible ones and a few either side.
  columns(cols) {
    if (cols <= WIDE) return [0, cols];
    const from = Math.max(0, Math.floor((this.left - RH_W) / COL_W) - COL_OVERSCAN);
    return [from, Math.min(cols, from + Math.ceil(this.widthPx / COL_W) + 2 * COL_OVERSCAN)];
  }

  render() {
    const d = this.d;
    if (!d) return;
    const { rows, cols, data } = d;
    const top = this.top,
      visible = Math.ceil(this.height / ROW_H);
    const first = Math.max(0, Math.floor(top / ROW_H) - OVERSCAN),
      last = Math.min(rows, first + visible + 2 * OVERSCAN);
    const [c0, c1] = this.columns(cols);
    if (first === this.first && last === this.last && c0 === this.c0 && c1 === this.c1) return;
    this.first = first;
    this.last = last;
    this.c0 = c0;
    this.c1 = c1;
    const o = this.o,
      wide = cols > WIDE;
    // a wide table has fixed column widths, and blank cells standing in for the columns not built
    const gaps = (tag) => [
      c0 > 0 ? h(tag, { class: 'gap', 'aria-hidden': 'true' }) : null,
      c1 < cols ? h(tag, { class: 'gap', 'aria-hidden': 'true' }) : null,
    ];
    const colgroup = wide
      ? h(
          'colgroup',
          {},
          h('col', { style: `width:${RH_W}px` }),
          c0 > 0 ? h('col', { style: `width:${c0 * COL_W}px` }) : null,
          Array.from({ length: c1 - c0 }, () => h('col', { style: `width:${COL_W}px` })),
          c1 < cols ? h('col', { style: `width:${(cols - c1) * COL_W}px` }) : null,
        )
      : null;
    const [hl, hr] = wide ? gaps('th') : [null, null];
    const head = h(
      'thead',
      {},
      h(
        'tr',
        { 'aria-rowindex': 1 },
        h('th', { class: 'rh', scope: 'col', text: o.corner }),
        hl,
        Array.from({ length: c1 - c0 }, (_, k) =>
          h('th', { scope: 'col', 'aria-colindex': c0 + k + 2, text: o.colName(c0 + k) }),
        ),
        hr,
      ),
    );
    const body = h('tbody');
    if (first > 0) body.append(h('tr', { 'aria-hidden': 'true', style: `height:${first * ROW_H}px` }));
    for (let i = first; i < last; i++) {
      const [gl, gr] = wide ? gaps('td') : [null, null];
      const tr = h('tr', { 'aria-rowindex': i + 2 }, h('th', { class: 'rh', scope: 'row', text: o.rowName(i) }), gl);
      for (let j = c0; j < c1; j++) {
        const v = data[i * cols + j];
        const extra = o.cellClass?.(i, j) ?? '';
        tr.append(
          h('td', {
            class: `${v < 0 ? 'neg' : ''}${d.highlightCols?.has(j) ? ' hl' : ''}${extra ? ' ' + extra : ''}`,
            'aria-colindex': j + 2,
            title: exact(v),
            text: o.format ? o.format(v, j) : fixed(v),
          }),
        );
      }
      if (gr) tr.append(gr);
      body.append(tr);
    }
    if (last < rows) body.append(h('tr', { 'aria-hidden': 'true', style: `height:${(rows - last) * ROW_H}px` }));
    this.table.setAttribute('aria-rowcount', rows + 1);
    this.table.setAttribute('aria-colcount', cols + 1);
    this.table.style.cssText = wide ? `table-layout:fixed;width:${RH_W + cols * COL_W}px` : '';
    this.table.replaceChildren(...(colgroup ? [colgroup] : []), head, body);
  }

  text(sep) {
    const { data, rows, cols } = this.d,
      o = this.o;
    return csvMatrix(data, rows, cols, { corner: o.corner, rowName: o.rowName, colName: o.colName }).replace(/,/g, sep);
  }
  /** What the figure's download menu lists for this panel (see figure.js); the copy item is marked, so the
   *  menu's button can say it copies too. */
  downloads() {
    return [
      { text: this.o.copyLabel, run: (button) => this.copy(button), copy: true },
      { text: 'CSV', run: () => this.csv() },
    ];
  }
  /** Copy the values, tab-separated; the menu's button says when it is done. */
  async copy(button) {
    const label = button.textContent;
    try {
      await navigator.clipboard.writeText(this.text('\t'));
      button.textContent = this.o.copiedLabel;
    } catch {
      button.textContent = '✗';
    }
    setTimeout(() => {
      button.textContent = label;
    }, 1400);
  }
  csv() {
    saveCsv(this.text(','), `${this.o.name}.csv`);
  }
}
