// posenc.lab(): one run of the length lab, a tiny transformer trained on a synthetic task with one
// positional scheme. The trainer lives on the lab module's wasm heap (cpp/bindings/bind_lab.cpp);
// this handle keeps its address and calls the module with it, synchronously, like a RopePlan.
// The module checks every option and returns the Error of a refused call, which is thrown here
// unchanged: a refused call leaves the run as it was.

import { typeError, unwrap } from './errors.js';
import { options } from './validate.js';

// A run the caller forgot is freed when the garbage collector finds it (where the engine has a
// FinalizationRegistry); delete() frees it at once. The held value must not reach the run itself.
const registry =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(({ L, address }) => L._posenc_lab_free(address))
    : null;

/**
 * A trainer made from the options (RangeError or TypeError naming the option it refuses).
 * @param {object} L the lab module
 * @param {object} o the run's options
 */
export function labRun(L, o) {
  const address = unwrap(L.newLab(options(o)));
  let live = true;
  const at = (member) => {
    if (!live) throw new TypeError(`posenc: ${member} of a deleted LabRun`);
    return address;
  };
  const run = {
    /** What the run was made from, every default filled in (camelCase, as the options are given). */
    options: Object.freeze(L.labOptions(address)),
    parameterCount: L.labParameterCount(address),
    train(steps) {
      if (typeof steps !== 'number') throw typeError('steps', 'a number', steps);
      return unwrap(L.labTrain(at('train()'), steps));
    },
    evaluate: (eo) => unwrap(L.labEvaluate(at('evaluate()'), options(eo))),
    attention: (ao) => unwrap(L.labAttention(at('attention()'), options(ao))),
    get losses() {
      return L.labLosses(at('losses'));
    },
    get steps() {
      return L.labSteps(at('steps'));
    },
    get deleted() {
      return !live;
    },
    delete() {
      if (!live) return;
      live = false;
      registry?.unregister(run);
      L._posenc_lab_free(address);
    },
    [Symbol.toStringTag]: 'LabRun',
  };
  // `using run = posenc.lab(...)` deletes it at the end of the block.
  if (typeof Symbol.dispose === 'symbol') run[Symbol.dispose] = run.delete;
  registry?.register(run, { L, address }, run);
  return Object.freeze(run);
}
