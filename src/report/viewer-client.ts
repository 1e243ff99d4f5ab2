// The replay viewer's script, embedded as it is in viewer.html: plain ES2020 for the browser, no
// library, nothing fetched. It reads the page's JSON (viewer-html.ts), redraws only the pieces that
// changed between steps, and offers the timeline, keys, the supply layer, the URL hash and the exports.
// Kept as a string (no template literals inside) so the build needs no bundler and the page is the same
// bytes on every run.
export const VIEWER_SCRIPT = String.raw`(function () {
'use strict';
var NS = 'http://www.w3.org/2000/svg';
var data = JSON.parse(document.getElementById('chaco-data').textContent);
var steps = data.steps, n = steps.length, pieces = data.pieces;
var $ = function (id) { return document.getElementById(id); };
var view = $('view'), layers = [$('layer-0'), $('layer-1'), $('layer-2'), $('layer-3')];
// The pieces on the map after each step, rebuilt from the stored differences.
var sets = [], blocks = [], blockOf = [], lastSupply = [];
(function () {
  var prev = new Set(), sup = [null, null], e = 0;
  for (var i = 0; i < n; i++) {
    var s = steps[i], m = new Set(prev);
    s.del.forEach(function (d) { m.delete(d); });
    s.add.forEach(function (a) { m.add(a); });
    sets.push(m); prev = m;
    var b = blocks[blocks.length - 1];
    if (!b || b.turn !== s.turn || b.side !== s.side || b.phase !== s.phase) { b = { turn: s.turn, side: s.side, phase: s.phase, first: i, last: i }; blocks.push(b); }
    b.last = i; blockOf.push(blocks.length - 1);
    for (; e < s.t; e++) { var ev = data.events[e]; if (ev.type === 'supply') sup[ev.side] = ev; }
    lastSupply.push([sup[0], sup[1]]);
  }
})();
var shown = new Map(), made = new Map(), at = -1, timer = null, zoom = 'fit', hashTimer = 0;
function element(id) {
  var g = made.get(id);
  if (!g) { g = document.createElementNS(NS, 'g'); g.setAttribute('data-piece', String(id)); g.innerHTML = pieces[id][2]; made.set(id, g); }
  return g;
}
function centre(h) { return [data.centres[2 * h], data.centres[2 * h + 1]]; }
function ring(h, cls) {
  var c = centre(h), el = document.createElementNS(NS, 'circle');
  el.setAttribute('cx', c[0]); el.setAttribute('cy', c[1]); el.setAttribute('r', String(data.scale * 0.62)); el.setAttribute('class', cls);
  return el;
}
function phaseName(s) { return s.phase === 'weather' ? 'Weather & Truce Check' : s.phase === 'set-up' ? 'set-up' : (s.side >= 0 ? data.adjectives[s.side] + ' ' : '') + s.phase + ' phase'; }
function where(i) {
  var s = steps[i], b = blocks[blockOf[i]];
  return 'Turn ' + (s.turn + 1) + ' of ' + data.turns + ' (' + data.months[s.turn] + ') \u00b7 ' + phaseName(s) + (b.last > b.first ? ' \u00b7 step ' + (i - b.first + 1) + ' of ' + (b.last - b.first + 1) : '');
}
function caption(i) { return data.caption + ' \u00b7 ' + where(i); }
function render(i) {
  i = Math.max(0, Math.min(n - 1, i));
  var target = sets[i];
  shown.forEach(function (el, id) { if (!target.has(id)) { el.remove(); shown.delete(id); } });
  target.forEach(function (id) { if (!shown.has(id)) { var el = element(id); layers[pieces[id][0]].appendChild(el); shown.set(id, el); } });
  // Changes since the previous step: hexes where a piece came, went or changed.
  var before = i > 0 ? sets[i - 1] : new Set(), changed = new Set(), hl = $('changes');
  target.forEach(function (id) { if (!before.has(id)) changed.add(pieces[id][1]); });
  before.forEach(function (id) { if (!target.has(id)) changed.add(pieces[id][1]); });
  hl.textContent = '';
  changed.forEach(function (h) { if (h >= 0) hl.appendChild(ring(h, 'changed')); });
  $('overlay').innerHTML = steps[i].ov;
  supplyLayer(i);
  at = i;
  $('caption').textContent = caption(i);
  $('vp-text').textContent = data.sides[0] + ' ' + steps[i].vp[0] + ' VP \u00b7 ' + data.sides[1] + ' ' + steps[i].vp[1] + ' VP';
  $('where').textContent = where(i);
  $('count').textContent = (i + 1) + ' / ' + n;
  $('slider').value = String(i);
  // Setting a long menu's value lays it out again: only when the phase changes.
  if ($('phase-select').value !== String(blockOf[i])) $('phase-select').value = String(blockOf[i]);
  var mark = $('vp-mark'), x = String(data.stripX[i]);
  mark.setAttribute('x1', x); mark.setAttribute('x2', x);
  eventList(i);
  if (zoom !== 'fit') centreOn($('overlay').firstElementChild || hl.firstElementChild);
  // The address follows the step once stepping pauses (browsers throttle frequent history changes).
  clearTimeout(hashTimer);
  hashTimer = setTimeout(function () { var h = hashOf(at); if (location.hash !== h) history.replaceState(null, '', h); }, 200);
}
// Zoomed in, the map's own scroll box (not the page) brings the step's action to its middle.
function centreOn(el) {
  if (!el) return;
  var box = $('view-box'), r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
  box.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
  box.scrollTop += r.top + r.height / 2 - (b.top + b.height / 2);
}
function supplyLayer(i) {
  var g = $('supply'); g.textContent = '';
  var on = $('supply-toggle').checked, info = [];
  if (!on) { $('supply-info').textContent = ''; return; }
  steps[i].oos.forEach(function (h) { g.appendChild(ring(h, 'oos')); });
  lastSupply[i].forEach(function (e, side) {
    if (!e) return;
    var h = steps[i].ghq[side];
    if (h >= 0) {
      // The GHQ that traced the LOC, with its length and the radius of General Supply (8.2, 8.3).
      var c = centre(h), t = document.createElementNS(NS, 'text');
      g.appendChild(ring(h, 'ghq'));
      t.setAttribute('x', String(c[0] + data.scale * 0.7)); t.setAttribute('y', String(c[1] - data.scale * 0.5));
      t.setAttribute('class', 'ghq-text'); t.setAttribute('font-size', String(data.scale * 0.34));
      t.textContent = 'GHQ \u00b7 LOC ' + (e.locLength < 0 ? 'none' : e.locLength + ' MP') + ' \u00b7 radius ' + e.radius;
      g.appendChild(t);
    }
    info.push(data.sides[side] + ': LOC ' + (e.locLength < 0 ? 'none' : e.locLength + ' MP') + ', radius ' + e.radius + ', ' + e.outOfSupply.length + ' unit(s) out of General Supply (8.3)');
  });
  $('supply-info').textContent = info.join(' \u00b7 ') || 'No Supply Phase yet.';
}
function eventList(i) {
  var b = blocks[blockOf[i]], list = $('events'), s = steps[i];
  if (list.getAttribute('data-block') !== String(blockOf[i])) {
    list.textContent = '';
    for (var e = steps[b.first].f; e < steps[b.last].t; e++) {
      var li = document.createElement('li'), rule = data.rules[e];
      li.id = 'ev-' + e;
      if (rule) { var r = document.createElement('span'); r.className = 'rule'; r.textContent = '\u00a7 ' + rule; r.title = 'rule ' + rule + ' of the rules (I-: a ruling of docs/rulings.md)'; li.appendChild(r); }
      li.appendChild(document.createTextNode(data.text[e]));
      if (data.more[e]) { var d = document.createElement('div'); d.className = 'more'; d.textContent = data.more[e]; li.appendChild(d); }
      li.addEventListener('click', (function (k) { return function () { go(stepOfEvent(k)); }; })(e));
      list.appendChild(li);
    }
    list.setAttribute('data-block', String(blockOf[i]));
    $('block').textContent = where(b.first).replace(/ \u00b7 step .*$/, '');
  }
  Array.prototype.forEach.call(list.children, function (li) {
    var k = Number(li.id.slice(3));
    li.className = k >= s.f && k < s.t ? 'now' : k < s.f ? 'past' : '';
  });
  var first = $('ev-' + s.f);
  if (first && first.scrollIntoView) first.scrollIntoView({ block: 'nearest' });
}
function stepOfEvent(e) { for (var i = 0; i < n; i++) if (e < steps[i].t) return i; return n - 1; }
function hashOf(i) {
  var s = steps[i], b = blocks[blockOf[i]];
  return '#t=' + (s.turn + 1) + '&p=' + s.phase.replace(/ /g, '-') + (s.side >= 0 ? '&side=' + data.codes[s.side] : '') + (i > b.first ? '&n=' + (i - b.first + 1) : '');
}
function fromHash(h) {
  var q = {};
  h.replace(/^#/, '').split('&').forEach(function (kv) { var p = kv.split('='); if (p[0]) q[decodeURIComponent(p[0])] = decodeURIComponent(p[1] || '').replace(/[-+]/g, ' '); });
  if (q.step !== undefined) return Number(q.step) - 1;
  if (!q.t) return null;
  var turn = Number(q.t) - 1, side = q.side ? data.codes.indexOf(q.side.toUpperCase()) : -2;
  for (var k = 0; k < blocks.length; k++) {
    var b = blocks[k];
    if (b.turn !== turn || (q.p && b.phase !== q.p) || (side >= -1 && q.side && b.side !== side)) continue;
    return Math.min(b.last, b.first + Math.max(0, (Number(q.n) || 1) - 1));
  }
  for (var j = 0; j < n; j++) if (steps[j].turn === turn) return j;
  return null;
}
function go(i) { render(i); }
function next() { if (at < n - 1) render(at + 1); else pause(); }
function prev() { if (at > 0) render(at - 1); }
function nextBlock(d) { var k = Math.max(0, Math.min(blocks.length - 1, blockOf[at] + d)); render(blocks[k].first); }
function play() { if (timer) return; if (at >= n - 1) render(0); timer = setInterval(next, 1000 / Number($('speed').value)); $('play').textContent = '||'; }
function pause() { if (timer) clearInterval(timer); timer = null; $('play').textContent = '\u25b6'; }
function fileName(ext) {
  var s = steps[at];
  return data.file + '-t' + (s.turn + 1) + (s.side >= 0 ? '-' + data.codes[s.side] : '') + '-' + s.phase.replace(/ /g, '-') + '-' + (at + 1) + '.' + ext;
}
function exportSvg() {
  var copy = view.cloneNode(true);
  copy.removeAttribute('style'); copy.removeAttribute('class');
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy);
}
function exportPng(scale) {
  var text = exportSvg(), k = scale || 1;
  return new Promise(function (resolve, reject) {
    var img = new Image();
    img.onload = function () {
      var c = document.createElement('canvas');
      c.width = Math.round(Number(view.getAttribute('width')) * k); c.height = Math.round(Number(view.getAttribute('height')) * k);
      var ctx = c.getContext('2d'); ctx.drawImage(img, 0, 0, c.width, c.height);
      resolve(c.toDataURL('image/png'));
    };
    img.onerror = function () { reject(new Error('the SVG could not be drawn')); };
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text);
  });
}
function download(name, href) { var a = document.createElement('a'); a.href = href; a.download = name; document.body.appendChild(a); a.click(); a.remove(); }
function stackInfo(g) {
  var box = $('stack-info');
  var t = g.querySelector('title');
  box.textContent = '';
  if (!t) return;
  var lines = t.textContent.split('\n'), h = document.createElement('b'), ul = document.createElement('ul');
  h.textContent = lines[0]; box.appendChild(h);
  lines.slice(1).forEach(function (l) { var li = document.createElement('li'); li.textContent = l; ul.appendChild(li); });
  box.appendChild(ul);
}
$('first').onclick = function () { pause(); render(0); };
$('back').onclick = function () { pause(); prev(); };
$('play').onclick = function () { if (timer) pause(); else play(); };
$('fwd').onclick = function () { pause(); next(); };
$('last').onclick = function () { pause(); render(n - 1); };
$('speed').onchange = function () { if (timer) { pause(); play(); } };
$('slider').max = String(n - 1);
blocks.forEach(function (b, k) {
  var o = document.createElement('option'), s = steps[b.first];
  o.value = String(k);
  o.textContent = 'T' + (s.turn + 1) + ' \u00b7 ' + phaseName(s) + (b.last > b.first ? ' (' + (b.last - b.first + 1) + ')' : '');
  $('phase-select').appendChild(o);
});
$('phase-select').onchange = function () { pause(); render(blocks[Number(this.value)].first); };
$('slider').oninput = function () { pause(); render(Number(this.value)); };
$('zoom').onchange = function () {
  zoom = this.value;
  var box = $('view-box');
  box.className = zoom === 'fit' ? '' : 'zoomed';
  view.style.width = zoom === 'fit' ? '' : (Number(view.getAttribute('width')) * Number(zoom)) + 'px';
  render(at);
};
$('supply-toggle').onchange = function () { supplyLayer(at); };
$('export-svg').onclick = function () { download(fileName('svg'), URL.createObjectURL(new Blob([exportSvg()], { type: 'image/svg+xml' }))); };
$('export-png').onclick = function () { exportPng(2).then(function (url) { download(fileName('png'), url); }); };
$('vp-strip').onclick = function (ev) {
  var r = this.getBoundingClientRect(), x = (ev.clientX - r.left) / r.width * data.stripWidth;
  var best = 0; for (var i = 0; i < n; i++) if (Math.abs(data.stripX[i] - x) < Math.abs(data.stripX[best] - x)) best = i;
  pause(); render(best);
};
view.addEventListener('click', function (ev) { var g = ev.target.closest && ev.target.closest('g.stack'); if (g) stackInfo(g); });
document.addEventListener('keydown', function (ev) {
  if (ev.target && (ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT') && ev.target.type !== 'range' && ev.target.type !== 'checkbox') return;
  var k = ev.key;
  if (k === 'ArrowRight') { pause(); next(); }
  else if (k === 'ArrowLeft') { pause(); prev(); }
  else if (k === ' ') { if (timer) pause(); else play(); }
  else if (k === 'Home') { pause(); render(0); }
  else if (k === 'End') { pause(); render(n - 1); }
  else if (k === 'PageDown' || k === 'ArrowDown') { pause(); nextBlock(1); }
  else if (k === 'PageUp' || k === 'ArrowUp') { pause(); nextBlock(-1); }
  else if (k === 's') { $('supply-toggle').checked = !$('supply-toggle').checked; supplyLayer(at); }
  else return;
  ev.preventDefault();
});
window.addEventListener('hashchange', function () { var i = fromHash(location.hash); if (i !== null && i !== at) render(i); });
var start = fromHash(location.hash);
render(start === null ? 0 : start);
window.chacoViewer = { steps: n, go: go, next: next, prev: prev, at: function () { return at; }, caption: function () { return caption(at); }, exportSvg: exportSvg, exportPng: exportPng, hash: function () { return hashOf(at); } };
document.documentElement.setAttribute('data-ready', '1');
})();
`;
