// Numeric table primitive: a scrollable grid with sticky headers that renders only the visible
// rows (so 1024 x 512 values stay fast), plus "copy" (tab-separated, all values) and CSV download.
import { h } from './dom.js';
import { cell, exact } from './format.js';
import { csvMatrix, saveCsv } from './download.js';
import { menuButton } from './menu.js';

const ROW_H = 22, OVERSCAN = 8, WRAP_H = 340;   // px, as style.js's .tablewrap

export class NumTable {
  /** opts: name, corner, rowName(i), colName(j), copyLabel, copiedLabel */
  constructor(opts = {}) {
    this.o = { name: 'table', corner: '', rowName: (i) => String(i), colName: (j) => String(j), copyLabel: 'Copy', copiedLabel: 'Copied', ...opts };
    this.table = h('table', { role: 'grid' });
    this.wrap = h('div', { class: 'tablewrap', tabindex: '0' }, this.table);
    // copying and the CSV share one menu (one tab stop); the menu's button says when a copy is done
    const menu = menuButton([{ text: this.o.copyLabel, run: () => this.copy() }, { text: 'CSV', run: () => this.csv() }], 'copy_dl');
    this.copyBtn = menu.button;
    this.tools = menu.el;
    this.el = h('div', { class: 'numtable' }, this.wrap, this.tools);
    // The scroll position and viewport height are read only when the reader scrolls: reading
    // them while rendering new data would force a layout of the page (the height defaults to
    // the wrapper's CSS max-height).
    this.top = 0;
    this.height = WRAP_H;
    this.wrap.addEventListener('scroll', () => {
      if (!this.raf) this.raf = requestAnimationFrame(() => { this.raf = 0; this.top = this.wrap.scrollTop; this.height = this.wrap.clientHeight || WRAP_H; this.render(); });
    });
  }

  /** d: { data, rows, cols, highlightCols?: Set<number> } */
  set(d) { this.d = d; this.first = -1; this.render(); return this; }

  render() {
    const d = this.d;
    if (!d) return;
    const { rows, cols, data } = d;
    const top = this.top, visible = Math.ceil(this.height / ROW_H);
    const first = Math.max(0, Math.floor(top / ROW_H) - OVERSCAN), last = Math.min(rows, first + visible + 2 * OVERSCAN);
    if (first === this.first && last === this.last) return;
    this.first = first; this.last = last;
    const o = this.o;
    const head = h('thead', {}, h('tr', { 'aria-rowindex': 1 }, h('th', { class: 'rh', scope: 'col', text: o.corner }),
      Array.from({ length: cols }, (_, j) => h('th', { scope: 'col', text: o.colName(j) }))));
    const body = h('tbody');
    if (first > 0) body.append(h('tr', { 'aria-hidden': 'true', style: `height:${first * ROW_H}px` }));
    for (let i = first; i < last; i++) {
      const tr = h('tr', { 'aria-rowindex': i + 2 }, h('th', { class: 'rh', scope: 'row', text: o.rowName(i) }));
      for (let j = 0; j < cols; j++) {
        const v = data[i * cols + j];
        const extra = o.cellClass?.(i, j) ?? '';
        tr.append(h('td', { class: `${v < 0 ? 'neg' : 'pos'}${d.highlightCols?.has(j) ? ' hl' : ''}${extra ? ' ' + extra : ''}`, title: exact(v), text: (o.format ?? cell)(v, j) }));
      }
      body.append(tr);
    }
    if (last < rows) body.append(h('tr', { 'aria-hidden': 'true', style: `height:${(rows - last) * ROW_H}px` }));
    this.table.setAttribute('aria-rowcount', rows + 1);
    this.table.setAttribute('aria-colcount', cols + 1);
    this.table.replaceChildren(head, body);
  }

  text(sep) {
    const { data, rows, cols } = this.d, o = this.o;
    return csvMatrix(data, rows, cols, { corner: o.corner, rowName: o.rowName, colName: o.colName }).replace(/,/g, sep);
  }
  async copy() {
    const label = this.copyBtn.textContent;
    try { await navigator.clipboard.writeText(this.text('\t')); this.copyBtn.textContent = this.o.copiedLabel; } catch { this.copyBtn.textContent = '✗'; }
    setTimeout(() => { this.copyBtn.textContent = label; }, 1400);
  }
  csv() { saveCsv(this.text(','), `${this.o.name}.csv`); }
}
