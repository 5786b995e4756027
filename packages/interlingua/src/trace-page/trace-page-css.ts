/** The trace page's styles, served as `/page.css` (the content security policy forbids inline styles). */
export const TRACE_PAGE_CSS = `
:root{--bg:#f7f7f5;--panel:#fff;--ink:#1d1f23;--dim:#6b7079;--line:#e3e3df;--mcp:#7c4dff;--host:#0b7285;--model:#d9480f;--cached:#2f9e44;--bad:#c92a2a;--moved:#fff3bf;--changed:#d3f9d8;font:14px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;color:var(--ink);background:var(--bg)}
*{box-sizing:border-box}body{margin:0}header{padding:14px 20px 8px;background:var(--panel);border-bottom:1px solid var(--line)}
h1{font-size:18px;margin:0 0 2px}h1 .file{font-family:ui-monospace,monospace;font-weight:500;color:var(--dim)}h2{font-size:14px;margin:0 0 8px}h3{font-size:12px;margin:0 0 4px;color:var(--dim);text-transform:uppercase;letter-spacing:.04em}
.summary{margin:0;color:var(--dim)}.live{color:var(--cached)}.filters{display:flex;gap:16px;margin-top:6px;color:var(--dim)}.filters label{cursor:pointer}
main{display:grid;grid-template-columns:minmax(0,1fr) 460px;gap:16px;padding:16px 20px}aside section{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:12px;margin-bottom:16px}
#timeline{background:var(--panel);border:1px solid var(--line);border-radius:8px;overflow:hidden}
.lanes,.leg,.turn-row{display:grid;grid-template-columns:56px repeat(3,minmax(0,1fr)) minmax(96px,16%)}.lanes-2 .lanes,.lanes-2 .leg,.lanes-2 .turn-row{grid-template-columns:56px repeat(2,minmax(0,1fr)) minmax(96px,18%)}.lanes{border-bottom:1px solid var(--line);background:#fafaf8;position:sticky;top:0;z-index:1}
.lane-title{padding:8px 10px;display:flex;flex-direction:column;border-left:1px solid var(--line)}.lane-title span{color:var(--dim);font-size:12px;font-family:ui-monospace,monospace}
.lane-title.lane-mcp strong{color:var(--mcp)}.lane-title.lane-host strong{color:var(--host)}.lane-title.lane-model strong{color:var(--model)}
.time{padding:6px 8px;color:var(--dim);font:12px ui-monospace,monospace;text-align:right}
.leg{cursor:pointer;border-bottom:1px solid #f0f0ec}.leg:hover{background:#fbfbf9}.leg.open{background:#f4f6fb}.cell{border-left:1px solid var(--line);padding:4px 8px;min-width:0}
.box{display:flex;gap:6px;align-items:baseline;border-radius:6px;padding:3px 8px;border:1px solid transparent;min-width:0}
.lane-mcp .box{background:#f3efff;border-color:#e0d6ff}.lane-host .box{background:#e7f5f7;border-color:#c5e6eb}.lane-model .box{background:#fff0e8;border-color:#ffd8c2}
.box.error{background:#fff0f0;border-color:#ffc9c9}.box.error .title{color:var(--bad)}.arrow{color:var(--dim);font-size:11px}.label{min-width:0;overflow-wrap:break-word}.title{font-weight:600}
.detail{color:var(--dim);font-size:12px}
.leg-body{border-bottom:1px solid var(--line);padding:10px 12px;background:#f4f6fb}.meta{margin:0 0 8px;color:var(--dim);font-size:12px;word-break:break-all}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:10px}.side{min-width:0}
.json{margin:0;background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:8px;font:12px/1.4 ui-monospace,monospace;overflow:auto;max-height:480px;white-space:pre}
.key{color:#364fc7}.string{color:#2b8a3e}.number,.boolean,.null{color:#c2255c}.chg-moved{background:var(--moved);border-radius:3px}.chg-changed{background:var(--changed);border-radius:3px;outline:1px solid #8ce99a}
.none{color:var(--dim);margin:0}.key-legend{font-size:12px;color:var(--dim);margin:6px 0 0}.key-legend span{padding:0 4px;margin:0 2px}.chart{width:100%;height:auto;display:block}.grid{stroke:#eee}.axis{fill:var(--dim);font-size:12px}
.series{fill:none;stroke-width:2}.series-input,.point-input{stroke:var(--model)}.series-output,.point-output{stroke:var(--host)}.series-cached,.point-cached{stroke:var(--cached)}.point{fill:#fff;stroke-width:2}
.legend{display:flex;gap:14px;font-size:12px;color:var(--dim);margin:6px 0 10px}.swatch::before{content:"";display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:5px;vertical-align:-1px}
.swatch-input::before{background:var(--model)}.swatch-output::before{background:var(--host)}.swatch-cached::before{background:var(--cached)}
.calls{width:100%;border-collapse:collapse;font-size:12px}.calls th,.calls td{padding:3px 6px;border-bottom:1px solid #f0f0ec;text-align:left}.calls .num{text-align:right;font-family:ui-monospace,monospace}
.calls tfoot td{font-weight:700;border-bottom:0}#warnings ul{margin:0;padding-left:18px}.warning,.problem{margin-bottom:4px}.problem{color:var(--bad)}
.wf{position:relative;border-left:1px solid var(--line);min-height:24px}.wf-track{position:absolute;inset:0 12px 0 6px}.wf-bar{position:absolute;top:50%;height:10px;margin-top:-5px;border-radius:3px;min-width:2px;background:var(--dim)}.wf-point{width:2px!important;background:#adb5bd}
.wf-model{background:var(--model)}.wf-mcp{background:var(--mcp)}.wf-tool,.wf-gateway{background:var(--host)}.wf-run{background:#adb5bd}.wf-turn{background:#748ffc;height:6px;margin-top:-3px}
.wf-axis{display:flex;justify-content:space-between;align-items:end;padding:8px 12px 8px 6px;border-left:1px solid var(--line);color:var(--dim);font:12px ui-monospace,monospace}
.turn{border-top:2px solid #dbe4ff}.turn-row{background:#edf2ff;border-bottom:1px solid #dbe4ff}.turn-head{grid-column:2 / -2;padding:6px 10px;display:flex;flex-wrap:wrap;gap:4px 8px;align-items:baseline;border-left:1px solid var(--line);min-width:0}
.turn-label{font-weight:700;color:#364fc7}.turn-id{font:12px ui-monospace,monospace;color:var(--dim)}.user-role{font-size:11px;text-transform:uppercase;letter-spacing:.04em;background:#364fc7;color:#fff;border-radius:4px;padding:0 5px}
.user-message{font-weight:600;white-space:pre-wrap;overflow-wrap:anywhere;min-width:0}.turn-facts{color:var(--dim);font-size:12px;flex-basis:100%}
.part{margin-bottom:10px}.part .json{max-height:320px}.tool-name{margin:0 0 8px}.tool-text{margin:0;background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:8px;white-space:pre-wrap;overflow-wrap:anywhere}.tool-text.error{color:var(--bad)}
.headers{border-collapse:collapse;font:12px ui-monospace,monospace;margin:0 0 8px;width:100%}.headers th{text-align:left;color:var(--dim);font-weight:500;padding:1px 12px 1px 0;white-space:nowrap;vertical-align:top;width:1%}.headers td{overflow-wrap:anywhere;padding:1px 0}
.backend-call{margin:0 0 4px;font-size:13px}.backend-call.error{color:var(--bad)}.calls tr.failed td{color:var(--bad)}.call-error{font-size:11px}
@media (max-width:1100px){main{grid-template-columns:1fr}.chart{max-width:560px}}
`;
