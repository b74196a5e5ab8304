// Shared spec: every error case of API.md. TypeError for a wrong type, RangeError for a
// number out of range or not an integer, an unknown option string or a shape mismatch;
// the message names the parameter and the bad value; the module keeps working.

import * as ref from '../reference.mjs';

const P = 2 ** 24; // positions lie in [0, 2^24)

/** [label, call(posenc, q, k), ErrorClass, strings the message must contain] */
export function errorCases() {
  const x8 = ref.randomFloat32(8, 1);
  const q = ref.randomFloat32(3 * 4, 2);
  const k = ref.randomFloat32(2 * 4, 3);
  return [
    // options objects
    ['sinusoidal without options', (p) => p.sinusoidal(), TypeError, ['options', 'undefined']],
    ['sinusoidal with null options', (p) => p.sinusoidal(null), TypeError, ['options', 'null']],
    ['ropeFrequencies with a number', (p) => p.ropeFrequencies(8), TypeError, ['options', '8']],
    ['rope without options', (p) => p.rope(x8), TypeError, ['options', 'undefined']],
    ['attentionScores without options', (p) => p.attentionScores(q, k), TypeError, ['options']],
    ['learned without options', (p) => p.learned(), TypeError, ['options']],
    ['relative with a string', (p) => p.relative('x'), TypeError, ['options', '"x"']],

    // dim
    ['dim missing', (p) => p.sinusoidal({ positions: 4 }), TypeError, ['dim', 'undefined']],
    ['dim as a string', (p) => p.sinusoidal({ positions: 4, dim: '8' }), TypeError, ['dim', '"8"']],
    ['dim as a BigInt', (p) => p.ropeFrequencies({ dim: 8n }), TypeError, ['dim', '8n']],
    ['dim 0', (p) => p.sinusoidal({ positions: 4, dim: 0 }), RangeError, ['dim', '0']],
    ['dim odd (sinusoidal)', (p) => p.sinusoidal({ positions: 4, dim: 7 }), RangeError, ['dim', '7']],
    ['dim odd (rope)', (p) => p.rope(ref.randomFloat32(7, 1), { dim: 7 }), RangeError, ['dim', '7']],
    ['dim odd (ropeFrequencies)', (p) => p.ropeFrequencies({ dim: 5 }), RangeError, ['dim', '5']],
    ['dim odd (ropeMatrix)', (p) => p.ropeMatrix({ position: 1, dim: 3 }), RangeError, ['dim', '3']],
    ['dim odd (ropeDecayBound)', (p) => p.ropeDecayBound({ dim: 9, maxDistance: 3 }), RangeError, ['dim', '9']],
    ['dim not an integer', (p) => p.sinusoidal({ positions: 4, dim: 2.5 }), RangeError, ['dim', '2.5']],
    ['dim NaN', (p) => p.ropeFrequencies({ dim: NaN }), RangeError, ['dim', 'NaN']],
    ['dim above 65536', (p) => p.ropeFrequencies({ dim: 65538 }), RangeError, ['dim', '65538']],
    ['dim negative', (p) => p.learned({ maxLen: 4, dim: -2 }), RangeError, ['dim', '-2']],
    ['dim Infinity', (p) => p.relative({ min: 0, max: 1, dim: Infinity }), RangeError, ['dim', 'Infinity']],

    // base
    ['base as a string', (p) => p.ropeFrequencies({ dim: 8, base: '10000' }), TypeError, ['base', '"10000"']],
    ['base null', (p) => p.sinusoidal({ positions: 2, dim: 8, base: null }), TypeError, ['base', 'null']],
    ['base NaN', (p) => p.ropeFrequencies({ dim: 8, base: NaN }), RangeError, ['base', 'NaN']],
    ['base Infinity', (p) => p.sinusoidal({ positions: 2, dim: 8, base: Infinity }), RangeError, ['base', 'Infinity']],
    ['base negative', (p) => p.rope(x8, { dim: 8, base: -3 }), RangeError, ['base', '-3']],
    ['base 0', (p) => p.ropeMatrix({ position: 1, dim: 8, base: 0 }), RangeError, ['base', '0']],

    // layout
    [
      'layout unknown (sinusoidal)',
      (p) => p.sinusoidal({ positions: 2, dim: 8, layout: 'halves' }),
      RangeError,
      ['layout', 'halves'],
    ],
    ['layout unknown (rope)', (p) => p.rope(x8, { dim: 8, layout: 'neox' }), RangeError, ['layout', 'neox']],
    ['layout not a string', (p) => p.rope(x8, { dim: 8, layout: 1 }), TypeError, ['layout', '1']],
    [
      'layout unknown (attention)',
      (p) => p.attentionScores(q, k, { dim: 4, encoding: 'rope', layout: 'HALF' }),
      RangeError,
      ['layout', 'HALF'],
    ],

    // positions
    ['positions missing', (p) => p.sinusoidal({ dim: 8 }), TypeError, ['positions', 'undefined']],
    ['positions as a string', (p) => p.sinusoidal({ positions: '4', dim: 8 }), TypeError, ['positions', '"4"']],
    [
      'positions with a string element',
      (p) => p.sinusoidal({ positions: [1, '2'], dim: 8 }),
      TypeError,
      ['positions[1]', '"2"'],
    ],
    [
      'positions as a BigInt64Array',
      (p) => p.sinusoidal({ positions: new BigInt64Array(2), dim: 8 }),
      TypeError,
      ['positions', 'BigInt64Array'],
    ],
    ['positions count negative', (p) => p.sinusoidal({ positions: -1, dim: 8 }), RangeError, ['positions', '-1']],
    [
      'positions count not an integer',
      (p) => p.sinusoidal({ positions: 1.5, dim: 8 }),
      RangeError,
      ['positions', '1.5'],
    ],
    [
      'positions count past 2^24',
      (p) => p.sinusoidal({ positions: P + 1, dim: 2 }),
      RangeError,
      ['positions', String(P + 1)],
    ],
    ['position negative', (p) => p.sinusoidal({ positions: [0, -3], dim: 8 }), RangeError, ['positions[1]', '-3']],
    ['position 2^24', (p) => p.sinusoidal({ positions: [P], dim: 8 }), RangeError, ['positions[0]', String(P)]],
    ['position not an integer', (p) => p.rope(x8, { dim: 8, positions: [0.5] }), RangeError, ['positions[0]', '0.5']],
    ['position NaN', (p) => p.rope(x8, { dim: 8, positions: [NaN] }), RangeError, ['positions[0]', 'NaN']],
    [
      'too many positions (array-like)',
      (p) => p.sinusoidal({ positions: { length: 2 ** 26 + 1 }, dim: 2 }),
      RangeError,
      ['positions', String(2 ** 26 + 1)],
    ],
    [
      'positions length does not match seq',
      (p) => p.rope(x8, { dim: 4, positions: [1, 2, 3] }),
      RangeError,
      ['positions', '3'],
    ],

    // result size
    ['sinusoidal table over 2^26 elements', (p) => p.sinusoidal({ positions: 2 ** 20, dim: 128 }), RangeError, []],
    ['ropeMatrix over 2^26 elements', (p) => p.ropeMatrix({ position: 0, dim: 8194 }), RangeError, []],

    // rope
    ['rope x as an Array', (p) => p.rope([1, 2], { dim: 2 }), TypeError, ['x', 'Array']],
    ['rope x as a Float64Array', (p) => p.rope(new Float64Array(2), { dim: 2 }), TypeError, ['x', 'Float64Array']],
    ['rope x null', (p) => p.rope(null, { dim: 2 }), TypeError, ['x', 'null']],
    ['rope x length not a multiple of heads * dim', (p) => p.rope(x8, { dim: 2, heads: 3 }), RangeError, ['8']],
    ['rope heads 0', (p) => p.rope(x8, { dim: 8, heads: 0 }), RangeError, ['heads', '0']],
    ['rope heads as a string', (p) => p.rope(x8, { dim: 8, heads: '1' }), TypeError, ['heads', '"1"']],
    ['rope offset negative', (p) => p.rope(x8, { dim: 8, offset: -1 }), RangeError, ['offset', '-1']],
    ['rope offset not an integer', (p) => p.rope(x8, { dim: 8, offset: 0.25 }), RangeError, ['offset', '0.25']],
    [
      'rope offset + seq - 1 reaches 2^24',
      (p) => p.rope(ref.randomFloat32(16, 1), { dim: 8, offset: P - 1 }),
      RangeError,
      ['offset'],
    ],
    ['rope offset as a string', (p) => p.rope(x8, { dim: 8, offset: '1' }), TypeError, ['offset', '"1"']],
    ['rope inPlace not a boolean', (p) => p.rope(x8, { dim: 8, inPlace: 1 }), TypeError, ['inPlace', '1']],
    ['rope rotaryDim odd', (p) => p.rope(x8, { dim: 8, rotaryDim: 3 }), RangeError, ['rotaryDim', '3']],
    ['rope rotaryDim above dim', (p) => p.rope(x8, { dim: 8, rotaryDim: 10 }), RangeError, ['rotaryDim', '10']],
    ['rope rotaryDim as a string', (p) => p.rope(x8, { dim: 8, rotaryDim: '4' }), TypeError, ['rotaryDim', '"4"']],
    ['rope positions as a number', (p) => p.rope(x8, { dim: 8, positions: 3 }), TypeError, ['positions', '3']],

    // ropeMatrix, decay, score
    ['ropeMatrix position 2^24', (p) => p.ropeMatrix({ position: P, dim: 4 }), RangeError, ['position', String(P)]],
    ['ropeMatrix position missing', (p) => p.ropeMatrix({ dim: 4 }), TypeError, ['position', 'undefined']],
    [
      'ropeDecayBound maxDistance negative',
      (p) => p.ropeDecayBound({ dim: 8, maxDistance: -1 }),
      RangeError,
      ['maxDistance', '-1'],
    ],
    [
      'ropeDecayBound maxDistance 2^24',
      (p) => p.ropeDecayBound({ dim: 2, maxDistance: P }),
      RangeError,
      ['maxDistance', String(P)],
    ],
    [
      'ropeDecayBound intermediate over 2^26',
      (p) => p.ropeDecayBound({ dim: 64, maxDistance: 2 ** 21 + 1 }),
      RangeError,
      [],
    ],
    [
      'ropeDecayBound maxDistance missing',
      (p) => p.ropeDecayBound({ dim: 8 }),
      TypeError,
      ['maxDistance', 'undefined'],
    ],
    [
      'pairAngles b shorter than a',
      (p) => p.pairAngles(new Float32Array(4), new Float32Array(2), { dim: 2 }),
      RangeError,
      ['b.length', '2'],
    ],
    [
      'pairAngles a as an Array',
      (p) => p.pairAngles([1, 2], new Float32Array(2), { dim: 2 }),
      TypeError,
      ['a', 'Array'],
    ],
    [
      'pairAngles odd dim',
      (p) => p.pairAngles(new Float32Array(3), new Float32Array(3), { dim: 3 }),
      RangeError,
      ['dim', '3'],
    ],
    [
      'ropeScoreByDistance q as an Array',
      (p) => p.ropeScoreByDistance([1, 2], new Float32Array(2), { dim: 2, maxDistance: 3 }),
      TypeError,
      ['q', 'Array'],
    ],
    [
      'ropeScoreByDistance k missing',
      (p) => p.ropeScoreByDistance(new Float32Array(2), undefined, { dim: 2, maxDistance: 3 }),
      TypeError,
      ['k', 'undefined'],
    ],
    [
      'ropeScoreByDistance q length != dim',
      (p) => p.ropeScoreByDistance(new Float32Array(4), new Float32Array(2), { dim: 2, maxDistance: 3 }),
      RangeError,
      ['q', '4'],
    ],
    [
      'ropeScoreByDistance intermediate over 2^26',
      (p) => p.ropeScoreByDistance(new Float32Array(64), new Float32Array(64), { dim: 64, maxDistance: 2 ** 21 + 1 }),
      RangeError,
      [],
    ],

    // learned
    ['learned maxLen 0', (p) => p.learned({ maxLen: 0, dim: 4 }), RangeError, ['maxLen', '0']],
    ['learned maxLen past 2^24', (p) => p.learned({ maxLen: P + 1, dim: 2 }), RangeError, ['maxLen', String(P + 1)]],
    ['learned table over 2^26 elements', (p) => p.learned({ maxLen: 2 ** 20, dim: 128 }), RangeError, []],
    ['learned maxLen missing', (p) => p.learned({ dim: 4 }), TypeError, ['maxLen', 'undefined']],
    ['learned std negative', (p) => p.learned({ maxLen: 4, dim: 4, std: -1 }), RangeError, ['std', '-1']],
    ['learned std NaN', (p) => p.learned({ maxLen: 4, dim: 4, std: NaN }), RangeError, ['std', 'NaN']],
    ['learned std as a string', (p) => p.learned({ maxLen: 4, dim: 4, std: '0.1' }), TypeError, ['std', '"0.1"']],
    ['learned seed not an integer', (p) => p.learned({ maxLen: 4, dim: 4, seed: 1.5 }), RangeError, ['seed', '1.5']],
    ['learned seed negative', (p) => p.learned({ maxLen: 4, dim: 4, seed: -1 }), RangeError, ['seed', '-1']],
    ['learned seed as a string', (p) => p.learned({ maxLen: 4, dim: 4, seed: '1' }), TypeError, ['seed', '"1"']],
    [
      'encode position = maxLen',
      (p) => p.learned({ maxLen: 4, dim: 4 }).encode([0, 4]),
      RangeError,
      ['positions[1]', '4'],
    ],
    [
      'encode position negative',
      (p) => p.learned({ maxLen: 4, dim: 4 }).encode([-1]),
      RangeError,
      ['positions[0]', '-1'],
    ],
    ['encode positions as a number', (p) => p.learned({ maxLen: 4, dim: 4 }).encode(2), TypeError, ['positions', '2']],

    // relative
    [
      'relativeDistance min > max',
      (p) => p.relativeDistance({ queryLen: 3, min: 2, max: 1 }),
      RangeError,
      ['min', '2'],
    ],
    [
      'relativeDistance min missing',
      (p) => p.relativeDistance({ queryLen: 3, max: 1 }),
      TypeError,
      ['min', 'undefined'],
    ],
    [
      'relativeDistance queryLen not an integer',
      (p) => p.relativeDistance({ queryLen: 2.5, min: 0, max: 1 }),
      RangeError,
      ['queryLen', '2.5'],
    ],
    [
      'relativeDistance keyLen negative',
      (p) => p.relativeDistance({ queryLen: 2, keyLen: -4, min: 0, max: 1 }),
      RangeError,
      ['keyLen', '-4'],
    ],
    [
      'relativeDistance result over 2^26',
      (p) => p.relativeDistance({ queryLen: 2 ** 14, keyLen: 2 ** 13, min: 0, max: 1 }),
      RangeError,
      [],
    ],
    ['relative min > max', (p) => p.relative({ min: 3, max: -3, dim: 4 }), RangeError, ['min', '3']],
    ['relative min not an integer', (p) => p.relative({ min: -0.5, max: 3, dim: 4 }), RangeError, ['min', '-0.5']],
    ['relative std negative', (p) => p.relative({ min: -1, max: 1, dim: 4, std: -0.1 }), RangeError, ['std', '-0.1']],
    [
      'relative scores dim mismatch',
      (p) => p.relative({ min: -1, max: 1, dim: 4 }).scores(q, k, { dim: 8 }),
      RangeError,
      ['dim', '8'],
    ],
    [
      'relative scores q length',
      (p) => p.relative({ min: -1, max: 1, dim: 4 }).scores(new Float32Array(5), k, { dim: 4 }),
      RangeError,
      ['q', '5'],
    ],
    [
      'relative scores k as an Array',
      (p) => p.relative({ min: -1, max: 1, dim: 4 }).scores(q, [1, 2, 3, 4], { dim: 4 }),
      TypeError,
      ['k', 'Array'],
    ],
    [
      'relative scores without options',
      (p) => p.relative({ min: -1, max: 1, dim: 4 }).scores(q, k),
      TypeError,
      ['options'],
    ],
    [
      'relative scores scale not a boolean',
      (p) => p.relative({ min: -1, max: 1, dim: 4 }).scores(q, k, { dim: 4, scale: 'yes' }),
      TypeError,
      ['scale', '"yes"'],
    ],

    // attentionScores
    [
      'attention encoding unknown',
      (p) => p.attentionScores(q, k, { dim: 4, encoding: 'alibi' }),
      RangeError,
      ['encoding', 'alibi'],
    ],
    ['attention encoding missing', (p) => p.attentionScores(q, k, { dim: 4 }), TypeError, ['encoding', 'undefined']],
    [
      'attention encoding not a string',
      (p) => p.attentionScores(q, k, { dim: 4, encoding: 3 }),
      TypeError,
      ['encoding', '3'],
    ],
    [
      'attention q as an Array',
      (p) => p.attentionScores([1, 2, 3, 4], k, { dim: 4, encoding: 'none' }),
      TypeError,
      ['q', 'Array'],
    ],
    [
      'attention k as an Int32Array',
      (p) => p.attentionScores(q, new Int32Array(4), { dim: 4, encoding: 'none' }),
      TypeError,
      ['k', 'Int32Array'],
    ],
    [
      'attention q length not a multiple of dim',
      (p) => p.attentionScores(new Float32Array(6), k, { dim: 4, encoding: 'none' }),
      RangeError,
      ['q', '6'],
    ],
    [
      'attention scale not a boolean',
      (p) => p.attentionScores(q, k, { dim: 4, encoding: 'none', scale: 1 }),
      TypeError,
      ['scale', '1'],
    ],
    [
      'attention learned n > maxLen',
      (p) => p.attentionScores(q, k, { dim: 4, encoding: 'learned', maxLen: 2 }),
      RangeError,
      ['maxLen', '2'],
    ],
    [
      'attention relative min missing',
      (p) => p.attentionScores(q, k, { dim: 4, encoding: 'relative', max: 2 }),
      TypeError,
      ['min', 'relative'],
    ],
    [
      'attention relative max missing',
      (p) => p.attentionScores(q, k, { dim: 4, encoding: 'relative', min: -2 }),
      TypeError,
      ['max', 'relative'],
    ],
    [
      'attention relative min > max',
      (p) => p.attentionScores(q, k, { dim: 4, encoding: 'relative', min: 2, max: -2 }),
      RangeError,
      ['min', '2'],
    ],
    [
      'attention dim odd for rope',
      (p) => p.attentionScores(ref.randomFloat32(6, 1), ref.randomFloat32(6, 2), { dim: 3, encoding: 'rope' }),
      RangeError,
      ['dim', '3'],
    ],
  ];
}

export const specs = [
  {
    name: 'errors: TypeError / RangeError naming the parameter and the value, module usable after each',
    run(posenc, assert) {
      const healthy = posenc.sinusoidal({ positions: 3, dim: 4 });
      const failures = [];
      for (const [label, call, ErrorClass, parts] of errorCases()) {
        try {
          assert.throws(() => call(posenc), ErrorClass, parts, label);
        } catch (error) {
          failures.push(error.message);
        }
        assert.arrayEqual(posenc.sinusoidal({ positions: 3, dim: 4 }), healthy, `module still works after: ${label}`);
      }
      assert.ok(failures.length === 0, `${failures.length} error case(s) failed:\n  ${failures.join('\n  ')}`);
    },
  },
];
