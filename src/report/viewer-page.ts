// The replay viewer's page: its style and the body around the map ({title}, {result}, {view} and
// {strip} are filled in by viewer-html.ts). The controls carry the ids viewer-client.ts looks up.

export const VIEWER_CSS = `
body { font-family: Helvetica, Arial, sans-serif; margin: 0; color: #222; background: #f3f3f0; }
header { padding: 8px 14px 4px; } header h1 { font-size: 1.25em; margin: 0; } header p { margin: 2px 0; color: #555; font-size: 0.9em; }
#bar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; padding: 4px 14px; background: #fff; border-top: 1px solid #ddd; border-bottom: 1px solid #ddd; position: sticky; top: 0; z-index: 2; }
#bar button { font-size: 1em; min-width: 2.2em; padding: 2px 6px; cursor: pointer; }
#slider { flex: 1 1 200px; } #phase-select { max-width: 19em; } #where { font-weight: bold; font-size: 0.9em; } #count { font-variant-numeric: tabular-nums; color: #555; font-size: 0.9em; }
#bar label { font-size: 0.9em; } #supply-info { font-size: 0.85em; color: #a00018; padding: 0 14px; min-height: 1.1em; }
main { display: flex; gap: 10px; padding: 6px 14px; align-items: flex-start; }
#map-wrap { flex: 1 1 auto; min-width: 0; background: #fff; border: 1px solid #ddd; }
#view-box { overflow: auto; max-height: calc(100vh - 170px); } #view-box.zoomed #view { width: auto; }
#view { display: block; width: 100%; height: auto; }
#vp-strip { display: block; width: 100%; height: 70px; cursor: pointer; border-top: 1px solid #ddd; }
aside { flex: 0 0 380px; max-height: calc(100vh - 90px); overflow-y: auto; position: sticky; top: 44px; background: #fff; border: 1px solid #ddd; font-size: 0.85em; }
aside h2 { font-size: 1em; margin: 0; padding: 6px 8px; background: #f6f6f6; border-bottom: 1px solid #ddd; }
#stack-info { padding: 4px 8px; } #stack-info:empty { display: none; } #stack-info ul { margin: 2px 0 4px; padding-left: 1.2em; }
#events { list-style: none; margin: 0; padding: 0; }
#events li { padding: 3px 8px; border-bottom: 1px solid #f0f0f0; cursor: pointer; }
#events li.past { color: #888; } #events li.now { background: #fff3c4; }
.rule { float: right; margin-left: 6px; color: #4a5a8a; font-size: 0.85em; white-space: nowrap; }
.more { color: #555; font-size: 0.92em; margin-top: 1px; }
kbd { border: 1px solid #bbb; border-radius: 3px; padding: 0 3px; font-size: 0.85em; background: #fafafa; }
.keys { font-size: 0.8em; color: #666; padding: 2px 14px 10px; }
`;

export const VIEWER_BODY = `<header><h1>{title}</h1><p>{result}</p></header>
<div id="bar">
<button id="first" title="first step (Home)">\u00ab</button><button id="back" title="step back (\u2190)">\u2039</button>
<button id="play" title="play / pause (space)">\u25b6</button><button id="fwd" title="step forward (\u2192)">\u203a</button><button id="last" title="last step (End)">\u00bb</button>
<select id="speed" title="steps a second"><option value="1">1/s</option><option value="2" selected>2/s</option><option value="5">5/s</option><option value="10">10/s</option><option value="30">30/s</option></select>
<select id="phase-select" title="go to a turn and phase (\u2191 \u2193)"></select>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
<span id="count"></span>
<select id="zoom" title="map size"><option value="fit" selected>fit</option><option value="1">100%</option><option value="1.5">150%</option></select>
<label><input id="supply-toggle" type="checkbox"> supply (s)</label>
<button id="export-svg" title="the current view with its caption, as SVG">SVG</button><button id="export-png" title="the current view with its caption, as PNG">PNG</button>
<span id="where"></span>
</div>
<div id="supply-info"></div>
<main>
<div id="map-wrap"><div id="view-box">{view}</div>
{strip}
</div>
<aside><h2>Stack</h2><div id="stack-info">Click a counter to list its stack.</div><h2 id="block"></h2><ol id="events"></ol></aside>
</main>
<p class="keys"><kbd>\u2190</kbd> <kbd>\u2192</kbd> step · <kbd>space</kbd> play/pause · <kbd>\u2191</kbd> <kbd>\u2193</kbd> phase · <kbd>Home</kbd> <kbd>End</kbd> · <kbd>s</kbd> supply ·
the address (#t=3&amp;p=movement&amp;side=PAR) opens the viewer at the step shown · changed hexes are shaded yellow</p>`;
