// The two browser globals the figure classes need while their modules evaluate, injected by
// tools/build-embed.mjs in place of the free names. In a page they are the browser's own. A server
// that renders a layout importing 'posenc/elements' (Next.js, Docusaurus, Astro) has neither: the
// classes then extend a plain base and `get` answers that every tag is taken, so nothing is defined.
export const HTMLElement = globalThis.HTMLElement ?? Object;
export const customElements = globalThis.customElements ?? { get: () => true };
