// Where a display formula may break (tools/tex-lines.mjs): before a top-level relation or plus, at a
// \qquad, never inside a group, and the pieces put back together are the formula.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import katex from 'katex';
import { texPieces, displayHtml } from '../../tools/tex-lines.mjs';

const LONG = '\\mathrm{PE}(p)\\cdot\\mathrm{PE}(q)'; // 32 TeX characters: long enough to be cut after

test('a short formula stays in one piece', () => {
  assert.deepEqual(texPieces('s_{ij} = \\frac{q_i \\cdot k_j}{\\sqrt{d}},'), [
    { tex: 's_{ij} = \\frac{q_i \\cdot k_j}{\\sqrt{d}},', gap: false, sign: false },
  ]);
});

test('a long chain is cut before each relation, which starts the next piece', () => {
  const pieces = texPieces(`${LONG} = \\sum_{i=0}^{d/2-1}\\cos\\bigl((p-q)\\,\\theta_i\\bigr) \\le \\frac{d}{2}`);
  assert.deepEqual(
    pieces.map((p) => p.tex),
    [LONG, '= \\sum_{i=0}^{d/2-1}\\cos\\bigl((p-q)\\,\\theta_i\\bigr)', '\\le \\frac{d}{2}'],
  );
  assert.deepEqual(
    pieces.map((p) => p.sign),
    [false, true, true],
  );
});

test('\\qquad separates statements and is dropped (the gap is CSS)', () => {
  const pieces = texPieces('p_k = L[k],\\qquad 0 \\le k \\lt n.');
  assert.deepEqual(pieces, [
    { tex: 'p_k = L[k],', gap: false, sign: false },
    { tex: '0 \\le k \\lt n.', gap: true, sign: false },
  ]);
});

test('no cut inside braces, parentheses, \\left…\\right or an environment', () => {
  for (const inner of [
    `{${LONG} = x + y}`,
    `(${LONG} = x + y)`,
    `\\left(${LONG} = x + y\\right)`,
    `\\begin{pmatrix}${LONG} = x + y\\end{pmatrix}`,
  ]) {
    assert.equal(texPieces(`${inner} = z`).length, 2, inner);
    assert.equal(texPieces(`${inner} = z`)[0].tex, inner);
  }
});

test('a fixed-size \\Bigl( … \\Bigr) is not a group: a long sum inside it may break at +', () => {
  const a = '\\underbrace{q_i\\cdot k_j}_{\\text{c2c}} ',
    b = '\\underbrace{q_i\\cdot P_{\\delta(i,j)}}_{\\text{c2p}}';
  const pieces = texPieces(`A = \\Bigl(${a}+ ${b}\\Bigr).`);
  assert.deepEqual(
    pieces.map((p) => p.tex),
    [`A = \\Bigl(${a.trim()}`, `+ ${b}\\Bigr).`],
  );
});

test('the pieces typeset, and the whole formula is there once as MathML', () => {
  const tex = `${LONG} = \\sum_{i=0}^{d/2-1}\\cos\\bigl((p-q)\\,\\theta_i\\bigr).`;
  const html = displayHtml(katex, tex);
  assert.equal(html.match(/class="tex-part/g).length, 2);
  assert.equal(html.match(/<math/g).length, 1);
  assert.match(html, /<annotation encoding="application\/x-tex">[^<]*\\sum_\{i=0\}\^\{d\/2-1\}/);
});
