// The figure tags in Preact JSX, typed by posenc/elements/preact.
import type {} from 'posenc/elements/preact';

export const ok = (
  <article>
    <posenc-rope-plane dim={8} base="10000" no-controls lang="en" class="figure" />
    <posenc-rope-scaling-logits scaling="yarn" factor={4} />
  </article>
);
// @ts-expect-error: scaling is one of the rope_type names
export const wrongValue = <posenc-rope-scaling-logits scaling="cubic" />;
// @ts-expect-error: not an attribute of this figure
export const wrongAttribute = <posenc-rope-plane scaling="yarn" />;
