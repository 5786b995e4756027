import { TRACE_PAGE_CSS as CSS } from './trace-page-css';

/** The page shell (its script and styles are served beside it, nothing from outside) and its CSS. */
export function tracePageHtml(file: string): { html: string; css: string } {
  const title = `Trace ${file.replace(/[<>&"]/g, '')} — Interlingua`;
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><link rel="stylesheet" href="/page.css"></head><body><div id="app"><p>Loading the trace…</p></div><script src="/page.js" defer></script></body></html>`,
    css: CSS,
  };
}
