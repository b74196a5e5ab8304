// The figures' parameters as typed properties, and the detail of their events typed per figure. The plain uses
// compile only with those types (without them a figure has no `dim` and a detail is a Record of unions); lines
// marked @ts-expect-error must stay errors.
import type { RopeDials, RopePlane, RopePlaneParams, RopeScalingLogits } from 'posenc/elements';

const plane = document.createElement('posenc-rope-plane');
plane.dim = 16;
plane.qx = -0.5;
const dim: number = plane.dim;
// @ts-expect-error: dim is a number; the attribute takes text, the property does not
plane.dim = '16';
// @ts-expect-error: rope-plane has no scaling parameter
plane.scaling = 'yarn';

const dials: RopeDials = document.createElement('posenc-rope-dials');
dials.motion = 'query';
const motion: 'together' | 'query' = dials.motion;
// @ts-expect-error: motion is 'together' or 'query'
dials.motion = 'both';
// @ts-expect-error: a rope-plane is not a rope-dials (it has no motion)
const notDials: RopeDials = plane;

const logits: RopeScalingLogits | null = document.querySelector('posenc-rope-scaling-logits');
if (logits) logits.scaling = 'longrope';

plane.addEventListener('render', (event) => {
  const state: RopePlaneParams = event.detail;
  const pair: number = event.detail.pair;
  // @ts-expect-error: the detail holds rope-plane's parameters, and scaling is not one
  console.log(event.detail.scaling);
  // @ts-expect-error: base is a number
  const base: string = event.detail.base;
  console.log(state, pair, base);
});
dials.addEventListener('change', (event) => {
  const chosen: 'together' | 'query' = event.detail.motion;
  console.log(chosen);
});
logits?.addEventListener('change', function (event) {
  const figure: RopeScalingLogits = this;
  // @ts-expect-error: the detail is the figure's own parameters, not another figure's
  const other: RopePlane = event.detail;
  console.log(figure, other, event.detail.factor.toFixed(2));
});
console.log(dim, motion, notDials);
