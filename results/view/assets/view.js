// sabench-stats offline viewer: plain JavaScript, no network. The index (one row of ints
// per episode) is embedded in the page; each episode's chain lives in a chunk file loaded
// with <script src> on demand (fetch does not work from file://).
(function () {
  'use strict';
  var I = JSON.parse(document.getElementById('sab-index').textContent);
  // Whose the official verdict is: on action-rules cases (I.measure set) the benchmark's
  // reward, as the tables say, elsewhere the harness's.
  var OFFICIAL_WHOSE = I.measure ? 'the benchmark\'s own' : 'the harness\'s own';
  (function () { // undo the front coding of the run ids
    var r = I.runs, out = [], prev = '';
    for (var i = 0; i < r.length; i += 2) { prev = prev.slice(0, r[i]) + r[i + 1]; out.push(prev); }
    I.runs = out;
  })();
  var P = I.policies.length, K = 6 + 2 * P, N = I.runs.length;
  var F_CFG = 0, F_CASE = 1, F_COND = 2, F_REP = 3, F_FLAGS = 4, F_BROKE = 5;
  var chunks = {}, waiting = {};

  window.SAB = {
    chunk: function (n, data) {
      chunks[n] = data;
      var cbs = waiting[n] || [];
      delete waiting[n];
      cbs.forEach(function (cb) { cb(data); });
    }
  };

  function loadChunk(n, cb) {
    if (chunks[n]) { cb(chunks[n]); return; }
    if (waiting[n]) { waiting[n].push(cb); return; }
    waiting[n] = [cb];
    var s = document.createElement('script');
    // The directory is named after the page, which may hold #, ? or %: a URL needs it escaped.
    s.src = encodeURIComponent(I.chunkDir) + '/' + n + '.js';
    s.onerror = function () { cb(null); };
    document.head.appendChild(s);
  }

  // ---- small DOM helpers (text only: data never goes through innerHTML) ----
  function el(tag, attrs) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) {
      if (k === 'text') e.textContent = attrs[k];
      else if (k === 'cls') e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    }
    for (var i = 2; i < arguments.length; i++) {
      var c = arguments[i];
      if (c == null) continue;
      if (Array.isArray(c)) c.forEach(function (x) { if (x != null) e.appendChild(typeof x === 'string' ? document.createTextNode(x) : x); });
      else e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    }
    return e;
  }
  // nameText shows a name the data holds (a configuration, case id, domain, condition,
  // policy, run id) as the tables show it: a control character as Go escapes it (\t, \n,
  // \x00: ingest.OneLine), and a name with white space at an end quoted as Go quotes it
  // ("trail ": ingest.NameText). Shown raw, "m\tx" read as "m x", "trail " as "trail", and
  // "Cl\x00aude" as "Claude". Only the text shown goes through it: filters, links and
  // option values keep the name itself.
  var CONTROL = /[\u0000-\u001f\u007f-\u009f]/g, PRINT = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u,
    ENDBLANK = /^[ \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]|[ \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/,
    SHORT = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r' };
  function goEscape(c) { // one character as strconv escapes it
    var r = c.codePointAt(0), h = r.toString(16);
    if (SHORT[r]) return SHORT[r];
    if (r < 0x20 || r === 0x7f) return '\\x' + ('0' + h).slice(-2);
    return r < 0x10000 ? '\\u' + ('000' + h).slice(-4) : '\\U' + ('0000000' + h).slice(-8);
  }
  function nameText(s) {
    s = String(s);
    if (ENDBLANK.test(s)) { // strconv.Quote
      return '"' + Array.from(s).map(function (c) { return c === '"' || c === '\\' ? '\\' + c : PRINT.test(c) ? c : goEscape(c); }).join('') + '"';
    }
    return s.replace(CONTROL, goEscape);
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }
  // fixed prints like Go's strconv (the tables' formatter): exact ties round half to even,
  // where toFixed would round them up.
  function fixed(v, d) {
    var s = v.toFixed(d), m = Math.pow(10, d), x = v * m, fl = Math.floor(x);
    if (x - fl === 0.5 && fl % 2 === 0) s = (fl / m).toFixed(d);
    return s;
  }
  function pct(k, n, d) { return n ? fixed(100 * k / n, d == null ? 1 : d) : '—'; }
  function hashOf(params) {
    var u = new URLSearchParams();
    Object.keys(params).sort().forEach(function (k) { if (params[k] !== '' && params[k] != null) u.set(k, params[k]); });
    return u.toString();
  }

  // ---- the index ----
  function f(n, k) { return I.ep[n * K + k]; }
  function failOf(n, p) { return I.ep[n * K + 6 + 2 * p]; }
  function outOf(n, p) { return I.ep[n * K + 7 + 2 * p]; }
  function excluded(n) { return (f(n, F_FLAGS) & 1) !== 0; }
  function isStatic(n) { return (f(n, F_FLAGS) & 2) !== 0; }
  function official(n) { return ((f(n, F_FLAGS) >> 2) & 3) - 1; }
  function caseOf(n) { return I.cases[f(n, F_CASE)]; }
  // A linear scan: faster than building a map of every run id for one lookup.
  function runIndex(id) { return I.runs.indexOf(id); }
  function policyLabel(i) { return nameText((I.policy_labels && I.policy_labels[i]) || I.policies[i]); } // shown, not matched
  function policyIndex(name) { var i = I.policies.indexOf(name); return i < 0 ? 0 : i; }
  function verdictText(n, p) {
    var fl = failOf(n, p);
    if (fl < 0) return 'excluded';
    return fl === 0 ? 'PASS' : 'FAIL (' + I.failures[fl] + ')';
  }
  function agreement(n) {
    var o = official(n);
    if (o < 0 || excluded(n)) return 'none';
    return (o === 1) === (failOf(n, 0) === 0) ? 'agree' : 'disagree';
  }

  // ---- routing ----
  var views = ['leaderboard', 'tables', 'slice', 'episode', 'ab', 'disagreements', 'glossary', 'help'];
  function show(name) {
    views.forEach(function (v) { document.getElementById('v-' + v).hidden = v !== name; });
    Array.prototype.forEach.call(document.querySelectorAll('nav a'), function (a) {
      if (a.getAttribute('data-view') === name) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
    });
  }
  // rendered records how long the last view took to render (from the route change to the
  // finished DOM, chunk loading included), for the benchmark.
  var t0 = 0, chunkAt = -1;
  function done(view) { var now = performance.now(); window.SAB.rendered = { view: view, ms: now - t0, at: now, hash: location.hash, chunkMs: chunkAt }; chunkAt = -1; }
  function route() {
    t0 = performance.now();
    var h = location.hash.slice(1);
    if (h.indexOf('run=') === 0) { var q = new URLSearchParams(h); show('episode'); episodePage(q.get('run'), q.get('ev'), q.get('from')); return; }
    if (h.indexOf('case=') === 0) { show('ab'); abPage(new URLSearchParams(h)); return; }
    var cut = h.indexOf('?'), name = cut < 0 ? h : h.slice(0, cut), params = new URLSearchParams(cut < 0 ? '' : h.slice(cut + 1));
    if (name === '') name = 'leaderboard';
    if (views.indexOf(name) < 0 || name === 'episode' || name === 'ab') name = 'leaderboard';
    show(name);
    if (name === 'slice' && slicePage(params)) return; // a search marks it rendered when done
    if (name === 'disagreements') disagreementsPage();
    if (name === 'glossary' && params.get('term')) {
      var dt = document.getElementById('gl-' + params.get('term'));
      if (dt) { dt.focus(); dt.scrollIntoView({ block: 'center' }); }
    }
    if (name === 'leaderboard') leaderboardPolicy(params.get('pol') || I.policies[0]);
    var sec = document.getElementById('v-' + name);
    if (sec && document.activeElement === document.body) sec.focus({ preventScroll: true });
    done(name);
  }
  window.addEventListener('hashchange', route);

  // ---- leaderboard: one server-rendered block per policy, switched here ----
  // The blocks and buttons are in the order of I.policies, and are matched by it: their
  // data-policy attribute cannot hold every name (an HTML parser reads a NUL in it as
  // U+FFFD and a CR as a line feed), so a link naming such a policy showed no leaderboard.
  function leaderboardPolicy(pol) {
    var i = I.policies.indexOf(pol);
    Array.prototype.forEach.call(document.querySelectorAll('#v-leaderboard .lb'), function (d, j) { d.hidden = j !== i; });
    Array.prototype.forEach.call(document.querySelectorAll('#v-leaderboard button[data-policy]'), function (b, j) {
      b.setAttribute('aria-pressed', j === i ? 'true' : 'false');
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll('#v-leaderboard button[data-policy]'), function (b, j) {
    b.addEventListener('click', function () { location.hash = 'leaderboard?pol=' + encodeURIComponent(I.policies[j]); });
  });

  // ---- slices ----
  var facets = [
    { key: 'pol', label: 'Policy', values: I.policies, all: false },
    { key: 'cfg', label: 'Configuration', values: I.configs },
    { key: 'proto', label: 'Protocol', values: I.protocols },
    { key: 'dom', label: 'Domain', values: I.domains },
    { key: 'cond', label: 'Condition', values: I.conditions },
    { key: 'fail', label: 'Failure type', values: ['failed'].concat(I.failures), names: { failed: 'any failure (the failures queue)' } },
    { key: 'out', label: 'Outcome', values: I.outcomes },
    { key: 'agree', label: 'Official vs oracle', values: ['agree', 'disagree', 'none'] },
    { key: 'kind', label: 'Kind', values: ['interactive', 'static'] },
    { key: 'status', label: 'Status', values: ['scored', 'excluded'] }
  ];
  // matcher compiles slice parameters into a test on episode numbers; skip names a
  // parameter to leave out (the failure-type share's denominator).
  function matcher(q, skip) {
    var p = policyIndex(q.get('pol') || I.policies[0]);
    var want = {};
    facets.forEach(function (fc) { if (fc.key !== 'pol' && fc.key !== skip && q.get(fc.key)) want[fc.key] = q.get(fc.key); });
    var caseId = q.get('case') || '';
    var cfg = 'cfg' in want ? I.configs.indexOf(want.cfg) : -2;
    var cond = 'cond' in want ? I.conditions.indexOf(want.cond) : -2;
    var proto = 'proto' in want ? I.protocols.indexOf(want.proto) : -2;
    var dom = 'dom' in want ? I.domains.indexOf(want.dom) : -2;
    var fail = !('fail' in want) ? -2 : want.fail === 'failed' ? -3 : I.failures.indexOf(want.fail); // -3: any failure
    var out = 'out' in want ? I.outcomes.indexOf(want.out) : -2;
    return function (n) {
      if (cfg !== -2 && f(n, F_CFG) !== cfg) return false;
      if (cond !== -2 && f(n, F_COND) !== cond) return false;
      var c = caseOf(n);
      if (proto !== -2 && c[1] !== proto) return false;
      if (dom !== -2 && c[2] !== dom) return false;
      if (caseId && c[0] !== caseId) return false;
      var fl = failOf(n, p);
      if (fail === -3 ? fl <= 0 : fail !== -2 && fl !== fail) return false;
      if (out !== -2 && outOf(n, p) !== out) return false;
      if (want.agree && agreement(n) !== want.agree) return false;
      if (want.kind && (want.kind === 'static') !== isStatic(n)) return false;
      if (want.status && (want.status === 'excluded') !== (fl < 0)) return false;
      return true;
    };
  }
  function sliceStats(q) {
    var p = policyIndex(q.get('pol') || I.policies[0]);
    var m = matcher(q), eps = [], scored = 0, pass = 0;
    for (var n = 0; n < N; n++) if (m(n)) {
      eps.push(n);
      var fl = failOf(n, p);
      if (fl >= 0) { scored++; if (fl === 0) pass++; }
    }
    var st = { eps: eps, scored: scored, pass: pass, p: p };
    if (q.get('fail')) {
      var m2 = matcher(q, 'fail'), base = 0;
      for (n = 0; n < N; n++) if (m2(n) && failOf(n, p) >= 0) base++;
      st.base = base;
    }
    return st;
  }
  var slicePageSize = 100;
  // The sort orders of a slice's episodes (its failures queue): input order by default.
  var sorts = {
    cfg: { label: 'Config', key: function (n) { return I.configs[f(n, F_CFG)]; } },
    'case': { label: 'Case', key: function (n) { return caseOf(n)[0]; } },
    proto: { label: 'Protocol', key: function (n) { return I.protocols[caseOf(n)[1]]; } },
    fail: { label: 'Oracle', key: function (n, p) { var fl = failOf(n, p); return fl < 0 ? '~' : I.failures[fl]; } },
    broke: { label: 'Broke at', key: function (n) { var b = f(n, F_BROKE); return b < 0 ? 1e9 : b; } }
  };
  // sliceOrder is the slice's episodes in the order the queue and the table show them:
  // sorted by q's sort (ties keep input order), filtered by its search once done.
  function sliceOrder(st, q) {
    var eps = st.eps.slice(), s = sorts[q.get('sort')];
    if (s) {
      var keys = {};
      eps.forEach(function (n) { keys[n] = s.key(n, st.p); });
      eps.sort(function (a, b) { var x = keys[a], y = keys[b]; return x < y ? -1 : x > y ? 1 : a - b; });
    }
    return eps;
  }
  // search keeps the episodes whose run id or case id holds the text, or one of whose events
  // calls a tool or names an entity (arguments) holding it; events are in the chunk files,
  // loaded for the cases that need them. cb gets the kept episodes, in order.
  function search(eps, text, cb) {
    text = text.toLowerCase();
    var keep = {}, need = {}, chunksNeeded = [];
    eps.forEach(function (n) {
      if (I.runs[n].toLowerCase().indexOf(text) >= 0 || caseOf(n)[0].toLowerCase().indexOf(text) >= 0) keep[n] = true;
      else { var ch = caseOf(n)[3]; if (!need[ch]) { need[ch] = []; chunksNeeded.push(ch); } need[ch].push(n); }
    });
    var left = chunksNeeded.length;
    function finish() { cb(eps.filter(function (n) { return keep[n]; })); }
    if (!left) { finish(); return; }
    chunksNeeded.forEach(function (ch) {
      loadChunk(ch, function (chunk) {
        if (chunk) need[ch].forEach(function (n) {
          var cb0 = caseBlock(chunk, caseOf(n)[0]);
          if (!cb0) return;
          for (var i = 0; i < cb0.eps.length; i++) if (cb0.eps[i][0] === n) {
            var S = cb0.s, B = cb0.b;
            keep[n] = B[cb0.eps[i][1]].some(function (id) { var e = B[id]; return (S[e[2]] + ' ' + S[e[3]]).toLowerCase().indexOf(text) >= 0; });
            break;
          }
        });
        if (--left === 0) finish();
      });
    });
  }
  // slicePage draws the slice; it returns true when it finishes later (a search that reads
  // chunk files) and marks the view rendered itself.
  function slicePage(q) {
    var box = document.getElementById('slice-body');
    // Keep the focus on the control that changed the slice (the page is redrawn).
    var focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : '';
    clear(box);
    var form = el('div', { cls: 'filters', role: 'group', 'aria-label': 'Slice filters' });
    function apply() {
      var params = {};
      facets.forEach(function (g) { params[g.key] = document.getElementById('f-' + g.key).value; });
      params['case'] = document.getElementById('f-case').value.trim();
      params.q = document.getElementById('f-q').value.trim();
      params.sort = q.get('sort') || '';
      location.hash = 'slice?' + hashOf(params);
    }
    facets.forEach(function (fc) {
      var s = el('select', { id: 'f-' + fc.key, 'data-key': fc.key });
      if (fc.all !== false) s.appendChild(el('option', { value: '', text: 'any' }));
      fc.values.forEach(function (v, i) { s.appendChild(el('option', { value: v, text: (fc.names && fc.names[v]) || (fc.key === 'pol' ? policyLabel(i) : nameText(v)) })); });
      s.value = q.get(fc.key) || (fc.all === false ? fc.values[0] : '');
      s.addEventListener('change', apply);
      form.appendChild(el('label', { 'for': 'f-' + fc.key }, fc.label, s));
    });
    // The example is one of this bench's own case ids: a bench names its cases as it likes.
    var ci = el('input', { id: 'f-case', type: 'text', placeholder: I.cases.length ? 'e.g. ' + nameText(I.cases[0][0]) : 'a case id', value: q.get('case') || '' });
    ci.addEventListener('change', apply);
    form.appendChild(el('label', { 'for': 'f-case' }, 'Case', ci));
    var qi = el('input', { id: 'f-q', type: 'search', placeholder: 'case, run, tool or entity', value: q.get('q') || '' });
    qi.addEventListener('change', apply);
    form.appendChild(el('label', { 'for': 'f-q' }, 'Search', qi));
    box.appendChild(form);
    var st = sliceStats(q);
    var sum = el('p', { cls: 'summary', id: 'slice-summary' },
      el('strong', { id: 'slice-count', text: String(st.eps.length) }), st.eps.length === 1 ? ' episode; ' : ' episodes; ',
      String(st.scored), ' scored under policy ', el('strong', { text: policyLabel(st.p) }),
      // No scored episode, no rate: "—", not "—%". The rate is named as the tables name it.
      '; ' + (I.measure || 'ECS') + ' ', el('strong', { id: 'slice-ecs', text: st.scored ? pct(st.pass, st.scored) + '%' : '—' }), ' (' + st.pass + '/' + st.scored + ')');
    if (st.base != null) {
      sum.appendChild(document.createTextNode('; ' + (q.get('fail') === 'failed' ? 'failures are ' : q.get('fail') + ' is ')));
      sum.appendChild(el('strong', { id: 'slice-share', text: pct(st.scored, st.base) + '%' }));
      sum.appendChild(document.createTextNode(' of the ' + st.base + ' scored episodes of this slice without the failure-type filter'));
    }
    box.appendChild(sum);
    function refocus() { var e = focused && document.getElementById(focused); if (e) e.focus(); }
    if (st.eps.length === 0) { box.appendChild(el('p', { text: 'No episode matches these filters.' })); refocus(); return false; }
    var order = sliceOrder(st, q);
    var from = location.hash.slice(1); // the queue an episode link came from
    function table(eps) {
      var shown = 0;
      var tb = el('tbody');
      var headRow = el('tr');
      [['Run'], ['Config', 'cfg'], ['Case', 'case'], ['Protocol', 'proto'], ['Domain'], ['Condition'], ['Repeat'], ['Oracle', 'fail'], ['Broke at', 'broke'], ['Official']].forEach(function (h) {
        if (!h[1]) { headRow.appendChild(el('th', { scope: 'col', text: h[0] })); return; }
        var on = q.get('sort') === h[1];
        var b = el('button', { type: 'button', cls: 'sort', id: 'sort-' + h[1], 'aria-pressed': on ? 'true' : 'false', title: 'sort the queue by ' + h[0].toLowerCase() }, h[0] + (on ? ' ▲' : ''));
        b.addEventListener('click', function () { var p = {}; q.forEach(function (v, k) { p[k] = v; }); p.sort = on ? '' : h[1]; location.hash = 'slice?' + hashOf(p); });
        headRow.appendChild(el('th', { scope: 'col', 'aria-sort': on ? 'ascending' : 'none' }, b));
      });
      var tbl = el('table', { cls: 't', id: 'slice-table' },
        el('caption', { text: 'Episodes of the slice, ' + (sorts[q.get('sort')] ? 'sorted by ' + sorts[q.get('sort')].label.toLowerCase() : 'in input order') + (st.p !== 0 ? '; "broke at" is under the main policy, ' + policyLabel(0) : '') + '. On an episode page, n and p open the next and previous failure of this queue.' }),
        el('thead', null, headRow), tb);
      var more = el('button', { type: 'button', id: 'slice-more' });
      function page() {
        var end = Math.min(eps.length, shown + slicePageSize);
        for (; shown < end; shown++) {
          var n = eps[shown], c = caseOf(n), o = official(n), br = f(n, F_BROKE);
          var href = '#run=' + encodeURIComponent(I.runs[n]) + '&from=' + encodeURIComponent(from);
          tb.appendChild(el('tr', null,
            el('td', null, el('a', { href: href, text: nameText(I.runs[n]) })),
            el('td', { text: nameText(I.configs[f(n, F_CFG)]) }), el('td', { text: nameText(c[0]) }), el('td', { text: I.protocols[c[1]] }),
            el('td', { text: nameText(I.domains[c[2]]) }), el('td', { text: nameText(I.conditions[f(n, F_COND)]) }), el('td', { cls: 'num', text: String(f(n, F_REP)) }),
            el('td', { cls: failOf(n, st.p) === 0 ? 'pass' : failOf(n, st.p) < 0 ? 'none' : 'fail', text: verdictText(n, st.p) }),
            el('td', { cls: 'evcell' }, br < 0 ? '—' : el('a', { href: '#run=' + encodeURIComponent(I.runs[n]) + '&ev=' + br + '&from=' + encodeURIComponent(from), text: 'event ' + br })),
            el('td', { cls: o < 0 ? 'none' : '', text: o < 0 ? 'none' : o === 1 ? 'pass' : 'fail' })));
        }
        more.hidden = shown >= eps.length;
        more.textContent = 'Show ' + Math.min(slicePageSize, eps.length - shown) + ' more (' + shown + ' of ' + eps.length + ' shown)';
      }
      more.addEventListener('click', page);
      page();
      box.appendChild(el('div', { cls: 'tablewrap' }, tbl));
      box.appendChild(more);
      refocus();
    }
    if (!q.get('q')) { table(order); return false; }
    var wait = el('p', { cls: 'note', id: 'slice-searching', text: 'Searching the events of ' + order.length + ' episodes…' });
    box.appendChild(wait);
    var h = location.hash;
    search(order, q.get('q'), function (kept) {
      if (location.hash !== h) return; // the reader moved on
      box.removeChild(wait);
      box.appendChild(el('p', { cls: 'summary', id: 'slice-found' }, el('strong', { text: String(kept.length) }), ' of these episodes match "' + q.get('q') + '" (run, case, or an event\'s tool or entity).'));
      table(kept);
      done('slice');
    });
    return true;
  }
  // queueOf is the failures queue a "from" slice link names: its failed episodes under its
  // policy, in its order (search included; cb gets them).
  function queueOf(from, cb) {
    var cut = from.indexOf('?'), q = new URLSearchParams(cut < 0 ? '' : from.slice(cut + 1));
    var st = sliceStats(q), order = sliceOrder(st, q).filter(function (n) { return failOf(n, st.p) > 0; });
    if (q.get('q')) search(order, q.get('q'), cb); else cb(order);
  }

  // ---- disagreements ----
  function disagreementsPage() {
    var box = clear(document.getElementById('dis-body'));
    var list = [], withOfficial = 0;
    for (var n = 0; n < N; n++) { var ag = agreement(n); if (ag !== 'none') withOfficial++; if (ag === 'disagree') list.push(n); }
    box.appendChild(el('p', { cls: 'summary', id: 'dis-count' }, String(list.length) + (list.length === 1 ? ' episode' : ' episodes') + ' where ' + OFFICIAL_WHOSE + ' verdict differs from the oracle\'s under policy ' + nameText(I.policies[0]) +
      ', of the ' + withOfficial + ' scored episodes that carry an official verdict.'));
    // With no official verdict at all there is nothing to compare: "every official verdict
    // matches" would be vacuously true and read as agreement.
    if (!withOfficial) { box.appendChild(el('p', { text: 'No episode carries an official verdict (' + OFFICIAL_WHOSE + '), so there is nothing to compare with the oracle.' })); return; }
    if (!list.length) { box.appendChild(el('p', { text: 'No disagreement: every official verdict matches the oracle.' })); return; }
    var tb = el('tbody');
    list.forEach(function (n) {
      var c = caseOf(n);
      tb.appendChild(el('tr', null,
        el('td', null, el('a', { href: '#run=' + encodeURIComponent(I.runs[n]), text: nameText(I.runs[n]) })),
        el('td', { text: nameText(I.configs[f(n, F_CFG)]) }), el('td', { text: nameText(c[0]) }), el('td', { text: I.protocols[c[1]] }),
        el('td', { text: nameText(I.conditions[f(n, F_COND)]) }),
        el('td', { text: official(n) === 1 ? 'pass' : 'fail' }), el('td', { text: verdictText(n, 0) })));
    });
    box.appendChild(el('div', { cls: 'tablewrap' }, el('table', { cls: 't' },
      el('thead', null, el('tr', null, ['Run', 'Config', 'Case', 'Protocol', 'Condition', 'Official', 'Oracle'].map(function (h) { return el('th', { scope: 'col', text: h }); }))), tb)));
  }

  // ---- episode detail decoding ----
  function caseBlock(chunk, id) {
    for (var i = 0; i < chunk.cases.length; i++) if (chunk.cases[i].id === id) return chunk.cases[i];
    return null;
  }
  function detailOf(cb, n) {
    for (var i = 0; i < cb.eps.length; i++) if (cb.eps[i][0] === n) return decode(cb, cb.eps[i]);
    return null;
  }
  function decode(cb, r) {
    var S = cb.s, B = cb.b, d = { n: r[0], events: [], ledger: [], cps: [] };
    B[r[1]].forEach(function (id) { var e = B[id]; d.events.push({ type: S[e[0]], call: S[e[1]], tool: S[e[2]], args: S[e[3]] }); });
    B[r[2]].forEach(function (id) { var x = B[id]; d.ledger.push({ ev: x[0], fact: S[x[1]], delta: S[x[2]] }); });
    B[r[3]].forEach(function (id) {
      var c = B[id];
      d.cps.push({ ev: c[0], tool: S[c[1]], commit: S[c[2]], gate: S[c[3]], reason: S[c[4]],
        reqs: c[5].map(function (q) { return { id: S[q[0]], status: S[q[1]], reason: S[q[2]], missing: q[3].map(function (x) { return S[x]; }) }; }),
        match: c[6].map(function (x) { return S[x]; }), refs: c[7].map(function (x) { return S[x]; }), target: S[c[8]] });
    });
    var R = B[r[4]];
    d.cov = R[0];
    d.completed = R[1].map(function (x) { return S[x]; });
    d.invalid = [];
    for (var i = 0; i < R[2].length; i += 3) d.invalid.push({ ev: R[2][i], tool: S[R[2][i + 1]], reason: S[R[2][i + 2]] });
    d.notes = R[3].map(function (x) { return S[x]; });
    d.contract = R[4].map(function (x) { return S[x]; });
    d.end = R[5]; d.broke = R[6]; d.decision = R[7] < 0 ? '' : S[R[7]]; d.first = R[8]; d.completeFirst = R[9] === 1; d.walked = R[10] === 1;
    d.steps = (R[11] || []).map(function (x) { return S[x]; }); // the oracle's step states, aligned with wf
    d.why = R.length > 12 && R[12] >= 0 ? I.episode_why[R[12]] : ''; // the episode's own sentence, where not its type's
    d.policyLines = R.length > 13 ? R[13].map(function (x) { return S[x]; }) : []; // explain's lines under a main policy other than the baseline
    d.preStop = R.length > 14 ? R[14] : -1; // the read a V0 hidden preflight stopped at
    d.failedRead = {}; // a V2 or V3 read that answered with an error: the oracle's sentence of why it established nothing
    for (var f = 0; R.length > 15 && f < R[15].length; f += 2) d.failedRead[R[15][f]] = S[R[15][f + 1]];
    if (r.length > 5) { var X = B[r[5]]; d.inspect = { log: S[X[0]], id: S[X[1]], epoch: X[2], uuid: S[X[3]], member: S[X[4]] }; } // read from an Inspect log
    d.wf = cb.wf.map(function (w) { return { id: S[w[0]], tool: S[w[1]], deps: w[2] }; });
    d.req = {}; d.call = {};
    cb.req.forEach(function (q) {
      d.req[S[q[0]]] = q[1].map(function (x) { return parse(S[x]); });
      if (S[q[2]]) d.call[S[q[0]]] = { tool: S[q[2]], args: S[q[3]] };
    });
    d.other = {};
    (cb.other || []).forEach(function (t) { d.other[t] = true; }); // tools the case's rules call neither a read nor a write
    d.rules = cb.rules.map(function (q) { return { tool: S[q[0]], args: S[q[1]], facts: q[2].map(function (x) { return parse(S[x]); }), after: q.length > 3 ? S[q[3]] : '' }; });
    return d;
  }
  var parsed = new Map();
  function parse(s) {
    if (parsed.has(s)) return parsed.get(s);
    var v;
    try { v = JSON.parse(s); } catch (e) { v = null; }
    parsed.set(s, v);
    return v;
  }
  // fits: does a fact satisfy a fact condition? Literal values must be equal; a value bound
  // to an action argument ({"action_arg": …}) only needs the key (the gate card shows which
  // requirement the oracle found SUPPORTED; this links it to the read that could support it).
  function fits(cond, fact) {
    if (!cond || !fact || typeof cond !== 'object' || typeof fact !== 'object') return false;
    if (cond.source && cond.source !== 'fact') return false;
    var any = false;
    for (var k in cond) {
      if (k === 'source') continue;
      if (!(k in fact)) return false;
      var c = cond[k], v = fact[k];
      if (c && typeof c === 'object') continue;
      if (v && typeof v === 'object') continue; // a templated rule fact: filled from the call
      if (JSON.stringify(c) !== JSON.stringify(v)) return false;
      any = true;
    }
    return any;
  }
  // bindTo: a condition with its {"action_arg": …} values replaced by the arguments of the
  // action its gate judged, as the oracle resolves them under the main policy's entity
  // binding: a read of another entity does not fit it. Without the action (the hidden
  // preflight, no gate) or under another binding it is the condition as written.
  function bindTo(cond, act) {
    if (!cond || typeof cond !== 'object' || I.binding !== 'entity' || !act || typeof act !== 'object') return cond;
    var need = {};
    Object.keys(cond).forEach(function (k) {
      var c = cond[k];
      need[k] = c && typeof c === 'object' && typeof c.action_arg === 'string' ? (c.action_arg in act ? act[c.action_arg] : null) : c;
    });
    return need;
  }
  // gateArgs: the arguments of the action the gate at event at judged; null for the hidden
  // preflight (at is past the last event).
  function gateArgs(d, at) { return at < d.events.length ? parse(d.events[at].args) : null; }
  // nextGate: the first gate after event i that judged requirement id, as {at, status}; null
  // when none did.
  function nextGate(d, i, id) {
    var best = null;
    d.cps.forEach(function (cp) {
      var at = cp.ev < 0 ? d.events.length : cp.ev;
      if (at <= i || (best && best.at <= at)) return;
      cp.reqs.forEach(function (r) { if (r.id === id) best = { at: at, status: r.status }; });
    });
    return best;
  }
  var hiddenFactKeys = { evidence_span: 1, source_span: 1, schema_version: 1, source_record_id: 1, source_tool_name: 1, source_ref: 1, observed_at: 1,
    fresh_until: 1, record_version: 1, summary: 1, description: 1, source_path: 1, source_refs: 1, refs: 1 };
  function factSummary(s) {
    var o = parse(s);
    if (!o || typeof o !== 'object') return s;
    var parts = [];
    Object.keys(o).forEach(function (k) { if (!hiddenFactKeys[k]) parts.push(k + '=' + JSON.stringify(o[k])); });
    return parts.join(' ');
  }

  // ---- the episode page ----
  var current = null;
  var queue = null; // the failures queue the episode page was opened from: {prev, next, from}
  function episodePage(run, ev, from) {
    var box = clear(document.getElementById('ep-body'));
    var n = runIndex(run);
    queue = null;
    if (n < 0) { box.appendChild(el('p', { cls: 'err', text: 'No episode with run id ' + nameText(run) + ' in this viewer.' })); return; }
    var c = caseOf(n);
    box.appendChild(el('h2', { id: 'ep-title', tabindex: '-1', text: 'Run ' + nameText(run) }));
    if (from) {
      var qn = el('nav', { id: 'ep-queue', 'aria-label': 'Failures queue' }, 'Loading the failures queue…');
      box.appendChild(qn);
      queueOf(from, function (list) {
        var i = list.indexOf(n);
        clear(qn);
        function link(m, text, rel) { return m == null ? el('span', { cls: 'none', text: text }) : el('a', { href: '#run=' + encodeURIComponent(I.runs[m]) + '&from=' + encodeURIComponent(from), rel: rel, id: 'queue-' + rel, text: text }); }
        var prev = i > 0 ? list[i - 1] : null, next = i >= 0 && i + 1 < list.length ? list[i + 1] : i < 0 && list.length ? list[0] : null;
        queue = { prev: prev, next: next, from: from };
        qn.appendChild(el('span', { id: 'queue-pos', text: i >= 0 ? 'Failure ' + (i + 1) + ' of ' + list.length + ' in the queue' : 'Not in the queue (' + list.length + ' failures)' }));
        qn.appendChild(document.createTextNode(' · '));
        qn.appendChild(link(prev, '← previous (p)', 'prev'));
        qn.appendChild(document.createTextNode(' · '));
        qn.appendChild(link(next, 'next (n) →', 'next'));
        qn.appendChild(document.createTextNode(' · '));
        qn.appendChild(el('a', { href: '#' + from, text: 'back to the queue' }));
      });
    }
    box.appendChild(el('p', { id: 'ep-head' }, nameText(I.configs[f(n, F_CFG)]) + ' on ', el('a', { href: '#slice?' + hashOf({ 'case': c[0] }), text: nameText(c[0]) }),
      ' (' + I.protocols[c[1]] + ', ' + nameText(I.domains[c[2]]) + '), repeat ' + f(n, F_REP) + ', condition ' + nameText(I.conditions[f(n, F_COND)]) + ' · ',
      el('a', { href: '#case=' + encodeURIComponent(c[0]) + '&a=' + encodeURIComponent(run) + '&b=', text: 'compare with another run (A/B)' })));
    var o = official(n), fl = failOf(n, 0);
    var verdicts = el('div', { cls: 'verdicts' },
      el('div', { cls: 'verdict', id: 'v-oracle' }, el('h3', { text: 'Oracle (policy ' + policyLabel(0) + ')' }),
        el('div', { cls: 'big ' + (fl === 0 ? 'pass' : fl < 0 ? 'none' : 'fail'), text: verdictText(n, 0) }),
        el('div', { text: fl < 0 ? 'not scored' : 'outcome ' + I.outcomes[outOf(n, 0)] })),
      el('div', { cls: 'verdict', id: 'v-official' }, el('h3', { text: 'Official (' + OFFICIAL_WHOSE + ' verdict)' }),
        el('div', { cls: 'big ' + (o < 0 ? 'none' : o === 1 ? 'pass' : 'fail'), text: o < 0 ? 'none recorded' : o === 1 ? 'PASS' : 'FAIL' }),
        el('div', { text: agreement(n) === 'disagree' ? 'disagrees with the oracle' : agreement(n) === 'agree' ? 'agrees with the oracle' : '' })));
    box.appendChild(verdicts);
    if (P > 1) {
      var changes = 0, tb = el('tbody');
      for (var p = 0; p < P; p++) {
        var fp = failOf(n, p), differs = p > 0 && (fp === 0) !== (fl === 0);
        if (differs) changes++;
        tb.appendChild(el('tr', { cls: differs ? 'changes' : '' }, el('td', { text: policyLabel(p) }),
          el('td', { cls: fp === 0 ? 'pass' : fp < 0 ? 'none' : 'fail', text: verdictText(n, p) }),
          el('td', { text: fp < 0 ? '—' : I.outcomes[outOf(n, p)] }), el('td', { text: p === 0 ? 'main policy' : differs ? 'changes the verdict' : fp !== fl ? 'same verdict, another failure type' : 'same verdict' })));
      }
      box.appendChild(el('div', { cls: 'tablewrap' }, el('table', { cls: 't', id: 'ep-policies' },
        el('caption', { text: changes ? changes + ' of the other ' + (P - 1) + ' policies change this episode\'s verdict' : 'No other policy changes this episode\'s verdict' }),
        el('thead', null, el('tr', null, ['Policy', 'Verdict', 'Outcome', ''].map(function (h) { return el('th', { scope: 'col', text: h }); }))), tb)));
    }
    var holder = el('div', { id: 'ep-chain' }, el('p', { text: 'Loading the chain…' }));
    box.appendChild(holder);
    loadChunk(c[3], function (chunk) {
      chunkAt = performance.now() - t0;
      clear(holder);
      if (!chunk) { holder.appendChild(el('p', { cls: 'err', text: 'Could not load ' + I.chunkDir + '/' + c[3] + '.js beside this page.' })); return; }
      var d = detailOf(caseBlock(chunk, c[0]), n);
      if (!d) { holder.appendChild(el('p', { cls: 'err', text: 'The chunk has no detail for this run.' })); return; }
      current = { run: run, n: n, d: d };
      if (d.inspect) {
        var x = d.inspect;
        holder.appendChild(el('p', { cls: 'summary', id: 'ep-inspect' }, 'Read from Inspect: sample ', el('code', { text: nameText(x.id) }), ', epoch ' + x.epoch + ' of log ',
          el('code', { text: nameText(x.log) }), ' (member ' + nameText(x.member) + (x.uuid ? ', uuid ' + nameText(x.uuid) : '') + '); open the log in Inspect\'s viewer to see the sample as Inspect recorded it.'));
      }
      if (d.policyLines.length) {
        // The oracle's lines, as explain prints them: the verdict under the baseline, then
        // each switch of the main policy with the verdict when it alone is set back.
        var pl = el('ul');
        d.policyLines.slice(1).forEach(function (l) { pl.appendChild(el('li', { text: l })); });
        holder.appendChild(el('div', { cls: 'summary', id: 'ep-policy-lines' }, el('p', { text: d.policyLines[0] }), pl));
      }
      renderChain(holder, run, n, d);
      done('episode');
      if (ev != null) { var t = document.getElementById('ev-' + ev); if (t) { t.focus(); t.scrollIntoView({ block: 'center' }); } }
      else if (from) document.getElementById('ep-title').focus(); // n/p keep the reader on the page's top
    });
  }

  function renderChain(box, run, n, d) {
    var failed = failOf(n, 0) > 0;
    if (failed) {
      // Everything here is the oracle's: the event (BrokeAt), the step (WorkflowStates) and
      // the sentence (EpisodeWhy: the episode's own, else its type's FailureWhy); nothing is
      // worked out on the page.
      var ft = I.failures[failOf(n, 0)], step = '';
      d.steps.forEach(function (st, i) { if (st === 'broken') step = d.wf[i].id; });
      var tool = d.broke >= 0 && d.broke < d.events.length ? d.events[d.broke].tool : ''; // the event's tool, as explain's chain-broke line names it
      var where = d.broke >= 0 ? '✗ The chain broke at event ' + d.broke + (tool || step ? ' (' + [tool, step ? 'step ' + step : ''].filter(Boolean).join('; ') + ')' : '') + ': '
        : '✗ The chain broke at no single event (outcome ' + I.outcomes[outOf(n, 0)] + '): ';
      box.appendChild(el('p', { cls: 'brokehere', id: 'broke-summary', 'data-broke-at': String(d.broke), 'data-failure': ft, 'data-step': step },
        where, el('a', { href: '#glossary?term=' + ft, text: ft.replace(/_/g, ' ') }), '. ' + (d.why || I.why[failOf(n, 0)] || '')));
    }
    // A stop's key fact (what the hidden preflight derived against what the agent reported)
    // goes beside the verdict, not among the notes.
    var key = d.notes.filter(function (x) { return x.indexOf('hidden preflight (') === 0; });
    key.forEach(function (x) { box.appendChild(el('p', { cls: 'keyfact', id: 'key-fact' }, el('strong', { text: 'Key fact: ' }), x)); });
    if (d.wf.length) { var wfg = workflowGraph(d); box.appendChild(wfg); fitLabels(wfg); }
    var cov = d.cov;
    var rulesCase = cov.length && cov[0] === 0 && cov[2] === 0 && cov[4] === 0 && d.events.some(function (e) { return e.type === 'USER_MESSAGE'; });
    if (rulesCase) box.appendChild(el('p', { cls: 'summary', id: 'coverage' }, 'No prescribed reads: the case\'s rules gate each write (the entity read and the confirmation it needs); ',
      d.first >= 0 ? 'first write at event ' + d.first + ' (authorized: ' + (d.completeFirst ? 'yes' : 'no') + ')' : 'no write'));
    else if (cov.length) box.appendChild(el('p', { cls: 'summary', id: 'coverage' }, 'Coverage: ' + cov[1] + '/' + cov[0] + ' required reads, ' + cov[3] + ' calls (min ' + cov[2] + '), ' +
      cov[5] + ' distinct tools (min ' + cov[4] + '): ', el('strong', { cls: cov[6] ? 'pass' : failed ? 'fail' : 'none', text: cov[6] ? 'complete' : failed ? 'INCOMPLETE' : 'incomplete (not needed for this verdict)' }),
      d.first < 0 ? '; no consequential attempt' : d.end >= 0 && d.end < d.first // never reached: the value is the verdict's, over the reads accepted before the stop
        ? '; first consequential attempt at event ' + d.first + ', after the evaluator stopped at event ' + d.end + ' (investigation complete over the reads it accepted: ' + (d.completeFirst ? 'yes' : 'no') + ')'
        : '; first consequential attempt at event ' + d.first + ' (investigation complete there: ' + (d.completeFirst ? 'yes' : 'no') + ')'));
    if (d.decision) box.appendChild(el('p', { cls: 'summary' }, 'Decision recorded: ', el('strong', { text: d.decision })));
    if (!d.walked) box.appendChild(el('p', { cls: 'summary', text: 'The oracle did not walk this record (excluded, or scored as a failure for its status).' }));
    var cpsAt = {}, hidden = [];
    d.cps.forEach(function (cp) { if (cp.ev < 0) hidden.push(cp); else (cpsAt[cp.ev] = cpsAt[cp.ev] || []).push(cp); });
    var factsAt = {};
    d.ledger.forEach(function (x) { (factsAt[x.ev] = factsAt[x.ev] || []).push(x); });
    var invalidAt = {};
    d.invalid.forEach(function (x) { invalidAt[x.ev] = x; });
    var ol = el('ol', { cls: 'timeline', id: 'timeline', 'aria-label': 'Events' });
    d.events.forEach(function (e, i) {
      var act = e.type === 'CONSEQUENTIAL_CALL' || !!cpsAt[i], other = !act && e.type === 'INFO_CALL' && !!d.other[e.tool], read = !act && !other && e.type === 'INFO_CALL'; // a gated call is an action, whatever its type
      var li = el('li', { id: 'ev-' + i, tabindex: '-1', cls: (act ? 'act' : 'read') + (i === d.broke ? ' broke' : '') + (d.end >= 0 && i > d.end ? ' unread' : '') });
      li.appendChild(el('div', { cls: 'evhead' }, other ? el('span', { cls: 'badge read', text: 'OTHER', title: 'neither a read nor a write under the case\'s rules: it establishes nothing' })
        : el('span', { cls: 'badge ' + (act ? 'act' : 'read'), text: act ? 'ACTION' : read ? 'READ' : e.type }),
        '[' + i + '] ', el('strong', { text: e.tool }), ' ', e.args, e.call ? '  (' + e.call + ')' : ''));
      if (i === d.broke) li.appendChild(el('div', { cls: 'brokehere', 'data-broke': 'true' }, '✗ broke here'));
      if (invalidAt[i]) li.appendChild(el('div', { cls: 'fail', text: 'invalid read: ' + invalidAt[i].reason }));
      if (read || act && factsAt[i]) { // an action's facts too: a step's postcondition, the entity a write's result names
        var fs = factsAt[i] || [];
        if (fs.length) {
          li.appendChild(el('ul', { cls: 'facts' }, fs.map(function (x) {
            // What the fact does for each requirement whose conditions it fits: all of them
            // (it supports it), or some (it meets those conditions only), and whether the
            // next gate that judged the requirement still found it missing.
            var sat = [];
            var fo = parse(x.fact);
            Object.keys(d.req).forEach(function (id) {
              var conds = d.req[id], g = nextGate(d, i, id), args = g ? gateArgs(d, g.at) : null, met = [];
              conds.forEach(function (c, j) { if (fits(bindTo(c, args), fo)) met.push(j + 1); });
              if (!met.length) return;
              var open = g && (g.status === 'MISSING' || g.status === 'VIOLATED'), where = g && g.at < d.events.length ? 'event ' + g.at : 'the hidden preflight';
              if (met.length === conds.length) sat.push(open ? 'fits ' + id + ', but it is still ' + g.status + ' at ' + where : 'supports ' + id);
              else sat.push('meets condition' + (met.length > 1 ? 's ' : ' ') + met.join(', ') + ' of the ' + conds.length + ' of ' + id + (open ? ', still ' + g.status + ' at ' + where : ''));
            });
            return el('li', null, el('code', { text: factSummary(x.fact) }), sat.length ? el('span', { cls: 'sat', text: '  → ' + sat.join('; ') }) : null);
          })));
        } else if (!invalidAt[i]) li.appendChild(el('div', { cls: 'none', text: d.end >= 0 && i > d.end ? 'not processed: after the evaluator stopped' : d.failedRead[i] ? 'no facts: ' + d.failedRead[i] : d.preStop >= 0 && i > d.preStop && !act ? 'no facts: the hidden preflight stopped at event ' + d.preStop : 'no facts established' }));
      }
      (cpsAt[i] || []).forEach(function (cp) { li.appendChild(gateCard(run, d, cp, i)); });
      if (d.end >= 0 && i === d.end && i + 1 < d.events.length) li.appendChild(el('div', { cls: 'stophere', text: 'The evaluator stops here; later events are not processed.' }));
      ol.appendChild(li);
    });
    if (d.events.length) { box.appendChild(el('h3', { text: 'Timeline (' + d.events.length + ' events; keys j/k move between them)' })); box.appendChild(ol); }
    if (hidden.length) {
      box.appendChild(el('h3', { text: 'Hidden preflight: the case\'s candidate action, gated on the agent\'s reads' }));
      hidden.forEach(function (cp) { box.appendChild(gateCard(run, d, cp, d.events.length)); });
    }
    d.contract.forEach(function (x) { box.appendChild(el('p', { cls: 'fail', text: 'contract error: ' + x })); });
    d.notes.forEach(function (x) { if (key.indexOf(x) < 0) box.appendChild(el('p', { cls: 'note', text: 'note: ' + x })); });
  }

  function gateCard(run, d, cp, at) {
    var card = el('div', { cls: 'gate g-' + cp.gate, 'data-gate': cp.gate },
      el('div', null, el('span', { cls: 'badge ' + (cp.gate === 'ALLOW' ? 'ok' : 'bad'), text: 'GATE ' + cp.gate }),
        el('strong', { text: cp.commit || (d.events.some(function (e) { return e.type === 'USER_MESSAGE'; }) ? 'write' : '(no commit matched)') }), ' · ' + cp.tool, cp.reason ? el('span', { cls: 'fail', text: ' — ' + cp.reason }) : null));
    // The gate names the step the evaluator expected; say so when the action called another
    // step's tool (that step is the one marked broken in the graph).
    var exp = null, called = null;
    d.wf.forEach(function (w) { if (w.id === cp.commit) exp = w; if (!called && w.tool === cp.tool) called = w; });
    if (exp && exp.tool !== cp.tool) card.appendChild(el('div', { cls: 'note', 'data-expected': exp.id },
      'The evaluator expected step ' + exp.id + ' (' + exp.tool + ') here; the action called ' + cp.tool + (called ? ', the tool of step ' + called.id : '') + '.'));
    // What stopped the action first: VIOLATED, then MISSING; the SUPPORTED and INACTIVE ones
    // folded under a count.
    var rank = { VIOLATED: 0, MISSING: 1, SUPPORTED: 2, INACTIVE: 3 }, count = {};
    var reqs = cp.reqs.slice().sort(function (x, y) { return (rank[x.status] == null ? 4 : rank[x.status]) - (rank[y.status] == null ? 4 : rank[y.status]); });
    reqs.forEach(function (r) { count[r.status] = (count[r.status] || 0) + 1; });
    if (reqs.length) card.appendChild(el('div', { cls: 'reqcount' }, ['VIOLATED', 'MISSING', 'SUPPORTED', 'INACTIVE'].filter(function (k) { return count[k]; }).map(function (k, j) {
      return el('span', null, j ? ', ' : '', el('span', { cls: 'req-' + k, text: count[k] + ' ' + k }));
    }), ' of ' + reqs.length + ' requirements'));
    var ul = el('ul'), rest = el('ul');
    reqs.forEach(function (r) {
      var li = el('li', { 'data-req': r.id, 'data-status': r.status }, el('span', { cls: 'req-' + r.status, text: r.status }), ' ' + r.id);
      if (r.status === 'SUPPORTED') {
        // Each fact condition's first read before the gate with a fact that fits it (bound
        // to this action's arguments); the requirement was established by the latest of
        // them, the read that met its last condition. When some condition has none here,
        // no read is named rather than one that met only part of it.
        var conds = d.req[r.id] || [], args = gateArgs(d, at), src = null, firsts = [], all = true;
        conds.forEach(function (c) {
          if (!c || typeof c !== 'object' || (c.source && c.source !== 'fact')) return; // the action's own condition
          var need = bindTo(c, args), first = null;
          d.ledger.forEach(function (x) { if (x.ev >= 0 && x.ev < at && (!first || x.ev < first.ev) && fits(need, parse(x.fact))) first = x; });
          if (first) firsts.push(first); else all = false;
        });
        if (all) firsts.forEach(function (x) { if (!src || x.ev > src.ev) src = x; });
        var also = [];
        if (src) firsts.forEach(function (x) { if (x.ev !== src.ev && also.indexOf(x.ev) < 0) also.push(x.ev); });
        also.sort(function (a, b) { return a - b; });
        var call = d.call[r.id];
        if (!src && call) { // a required read: the first call of its tool (with its arguments, when one has them)
          var best = -1;
          for (var k = 0; k < at && k < d.events.length; k++) {
            var e = d.events[k];
            if (e.type === 'INFO_CALL' && e.tool === call.tool) { if (e.args === call.args) { best = k; break; } if (best < 0) best = k; }
          }
          if (best >= 0) src = { ev: best };
        }
        if (src) li.appendChild(el('span', null, ' — established by ', el('a', { href: '#run=' + encodeURIComponent(run) + '&ev=' + src.ev, text: 'event ' + src.ev + ' (' + d.events[src.ev].tool + ')' }),
          also.length ? el('span', null, ', with ', also.map(function (e, j) { return el('span', null, j ? ' and ' : '', el('a', { href: '#run=' + encodeURIComponent(run) + '&ev=' + e, text: 'event ' + e + ' (' + d.events[e].tool + ')' })); })) : null));
      } else if (r.status === 'MISSING' || r.status === 'VIOLATED') {
        li.appendChild(document.createTextNode(' (' + r.reason + ')'));
        if (r.status === 'VIOLATED') {
          // the earliest read before the gate with a fact of a condition's predicate that
          // does not fit it: what the agent read that contradicts the requirement
          var vc = d.req[r.id] || [], bad = null;
          for (var v = 0; v < d.ledger.length && !bad; v++) {
            var y = d.ledger[v], fo = parse(y.fact);
            if (y.ev >= 0 && y.ev < at && fo && vc.some(function (c) { return c && c.predicate === fo.predicate && !fits(c, fo); })) bad = y;
          }
          if (bad) li.appendChild(el('span', null, ' — contradicted by ', el('a', { href: '#run=' + encodeURIComponent(run) + '&ev=' + bad.ev, text: 'event ' + bad.ev + ' (' + d.events[bad.ev].tool + ')' }), ': ', el('code', { text: factSummary(bad.fact) })));
        }
        var sub = el('ul');
        if (d.call[r.id]) sub.appendChild(el('li', null, 'needs the read ', el('code', { cls: 'would', text: d.call[r.id].tool + ' ' + d.call[r.id].args })));
        r.missing.forEach(function (m) {
          var mc = parse(m), how = [];
          if (mc && mc.confirmation) { // an action rule's confirmation: what was to be listed, the user turn that came instead
            var alts = (mc.details_any_of || []).map(function (a) { return Object.keys(a).map(function (k) { return k + ' = ' + a[k].join(', '); }).join('; '); });
            var lt = mc.last_user_turn;
            sub.appendChild(el('li', null, 'needs a confirmation (' + mc.confirmation + ')' + (alts.length ? ': an agent message listing ' + alts.join(' or ') + ', answered by an explicit yes' : ': an affirmative user turn after the request'),
              lt ? el('span', null, ' — the last user turn before the write was ', el('a', { href: '#run=' + encodeURIComponent(run) + '&ev=' + lt.event, text: 'event ' + lt.event }),
                ' (' + (lt.affirmative ? 'affirmative' : 'not affirmative') + '): ', el('q', { text: lt.text })) : ' — the user never spoke before the write'));
            return;
          }
          if (mc && mc.entity) { // an action rule's entity read
            sub.appendChild(el('li', null, 'needs a read of the ' + mc.entity + (mc.value != null ? ' ' + mc.value : '') + (mc.arg ? ' (argument ' + mc.arg + ')' : '') + ' before the write: none was made'));
            return;
          }
          // Under the main policy's entity binding a field bound to an action argument must
          // be the action's own value: a read of another entity would not establish it.
          var need = bindTo(mc, gateArgs(d, at));
          d.rules.forEach(function (rule) { if (rule.facts.some(function (fo) { return fits(need, fo); })) how.push(rule); });
          sub.appendChild(el('li', null, 'needs ', el('code', { text: m }),
            how.length ? el('span', null, ' — would be established by ', how.map(function (rule, j) {
              return el('span', null, j ? ' or ' : '', el('code', { cls: 'would', text: rule.tool + ' ' + rule.args }), rule.after ? ' made after step ' + rule.after + ' completed' : '');
            })) : ' — no evidence rule of the case establishes it'));
        });
        if (sub.firstChild) li.appendChild(sub);
      } else li.appendChild(document.createTextNode(' (' + r.reason + ')'));
      (r.status === 'SUPPORTED' || r.status === 'INACTIVE' ? rest : ul).appendChild(li);
    });
    if (ul.firstChild) card.appendChild(ul);
    if (rest.firstChild) {
      var det = el('details', { cls: 'reqrest' }, el('summary', { text: rest.childNodes.length + ' supported or inactive' }), rest);
      det.open = !ul.firstChild; // an ALLOW gate shows them, a stopped one folds them
      card.appendChild(det);
    }
    if (cp.match.length) card.appendChild(el('div', null, el('strong', { text: 'Argument and target checks: ' }), cp.match.join('; ')));
    if (cp.refs.length) card.appendChild(el('div', null, el('strong', { text: 'References to prior results: ' }), cp.refs.map(function (r) {
      // Say whether the call a reference names exists at all in this episode.
      var m = /source call '([^']+)'/.exec(r);
      if (!m) return r;
      var k = -1;
      d.events.forEach(function (e, i) { if (k < 0 && e.call === m[1]) k = i; });
      return r + (k < 0 ? ' (no call ' + m[1] + ' exists in this episode: the argument names a result that was never produced)' : ' (' + m[1] + ' is event ' + k + ')');
    }).join('; ')));
    if (!cp.match.length && !cp.refs.length && cp.gate === 'ALLOW') card.appendChild(el('div', { cls: 'none', text: 'arguments, target and references checked: no mismatch' }));
    return card;
  }

  function clip(t, n) { return t.length > n ? t.slice(0, n - 1) + '…' : t; }
  // workflowGraph draws the expected workflow as layers by dependency depth.
  // fitLabels squeezes a graph label that the reader's font makes wider than its box (the
  // boxes are sized for common sans-serif widths), so that labels never run into each other.
  function fitLabels(root) {
    Array.prototype.forEach.call(root.querySelectorAll('text[data-max]'), function (t) {
      var max = parseFloat(t.getAttribute('data-max'));
      if (t.getComputedTextLength() > max) { t.setAttribute('textLength', max); t.setAttribute('lengthAdjust', 'spacingAndGlyphs'); }
    });
  }
  function workflowGraph(d) {
    var depth = [], w = d.wf;
    function dep(i, seen) {
      if (depth[i] != null) return depth[i];
      if (seen[i]) return 0; // a cycle: the oracle reports it; draw flat
      seen[i] = true;
      var m = 0;
      w[i].deps.forEach(function (j) { m = Math.max(m, dep(j, seen) + 1); });
      depth[i] = m;
      return m;
    }
    w.forEach(function (_, i) { dep(i, {}); });
    var rows = {}, pos = [];
    w.forEach(function (_, i) { var L = depth[i]; rows[L] = rows[L] || 0; pos[i] = { x: 20 + L * 260, y: 20 + rows[L] * 64 }; rows[L]++; });
    var maxL = Math.max.apply(null, depth), maxR = Math.max.apply(null, Object.keys(rows).map(function (k) { return rows[k]; }));
    var W = 40 + (maxL + 1) * 260 - 40, H = 30 + maxR * 64;
    var NS = 'http://www.w3.org/2000/svg';
    function s(tag, attrs) { var e = document.createElementNS(NS, tag); for (var k in attrs) e.setAttribute(k, attrs[k]); return e; }
    var svg = s('svg', { width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': 'Expected workflow' });
    var defs = s('defs', {}), mk = s('marker', { id: 'wf-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' });
    mk.appendChild(s('path', { d: 'M0,0L10,5L0,10z', fill: '#6b6b6b' }));
    defs.appendChild(mk); svg.appendChild(defs);
    w.forEach(function (n, i) {
      n.deps.forEach(function (j) { svg.appendChild(s('line', { x1: pos[j].x + 220, y1: pos[j].y + 22, x2: pos[i].x - 4, y2: pos[i].y + 22, 'marker-end': 'url(#wf-arrow)' })); });
    });
    w.forEach(function (n, i) {
      var state = d.steps[i] || 'not reached';
      var g = s('g', { 'class': 'n-' + state.replace(' ', '-'), 'data-step': n.id, 'data-state': state });
      g.appendChild(s('rect', { x: pos[i].x, y: pos[i].y, width: 220, height: 44, rx: 6 }));
      var t1 = s('text', { x: pos[i].x + 8, y: pos[i].y + 17, 'data-max': 204 }); t1.textContent = ({ completed: '✓ ', broken: '✗ ', skipped: '↷ ', enabled: '◇ ' }[state] || '○ ') + clip(n.id, 30);
      var t2 = s('text', { x: pos[i].x + 8, y: pos[i].y + 35, 'data-max': 204 }); t2.textContent = clip(n.tool, 20) + ' · ' + state;
      var title = s('title', {}); title.textContent = n.id + ' (' + n.tool + '): ' + state;
      g.appendChild(title); g.appendChild(t1); g.appendChild(t2);
      svg.appendChild(g);
    });
    return el('div', { cls: 'wf', id: 'workflow' }, el('h3', null, 'Expected workflow: ✓ completed, ✗ broken (where the chain broke), ↷ skipped, ◇ enabled, ○ not reached (', el('a', { href: '#glossary', text: 'glossary' }), ')'), svg);
  }

  // ---- A/B ----
  // a and b: a run id, or a configuration (optionally "config~condition"), with repeat ra/rb
  // (default 0); p names the one policy both sides are shown under (an older link's pa/pb
  // only when they agree).
  function resolve(caseId, spec, rep) {
    if (!spec) return -1;
    var n = runIndex(spec);
    if (n >= 0) return n;
    var cc = configCondition(spec), cfg = cc[0], cond = cc[1];
    var r = rep ? parseInt(rep, 10) : 0;
    for (n = 0; n < N; n++) if (f(n, F_CFG) === cfg && f(n, F_COND) === cond && f(n, F_REP) === r && caseOf(n)[0] === caseId) return n;
    return -1;
  }
  // configCondition reads "config" or "config~condition" as [config, condition] indices
  // (-1: none). A configuration's name may hold "~" itself: the whole spec is a
  // configuration first, then each "~" from the last splits it.
  function configCondition(spec) {
    var cfg = I.configs.indexOf(spec);
    if (cfg >= 0) return [cfg, I.conditions.indexOf('main')];
    for (var i = spec.lastIndexOf('~'); i >= 0; i = i > 0 ? spec.lastIndexOf('~', i - 1) : -1) {
      cfg = I.configs.indexOf(spec.slice(0, i));
      var cond = I.conditions.indexOf(spec.slice(i + 1) || 'main');
      if (cfg >= 0 && cond >= 0) return [cfg, cond];
    }
    return [-1, -1];
  }
  // The A/B page compares two episodes of a case by evidence, under one policy: the reads
  // each made (matched by tool and entity: the tool and its canonical arguments), each
  // action's gate, the reads one side made before an action that the other acted without,
  // and the requirements one side's gate found SUPPORTED and the other's MISSING. Actions
  // are matched by tool and target (what the oracle says the action acts on: the commit its
  // arguments match, or the entity its rules bind), so that reads before an action on one
  // record are not held against an action on another; two actions of a tool on different
  // targets are said to be that.
  function abPage(q) {
    var box = clear(document.getElementById('ab-body'));
    var caseId = q.get('case'), a = resolve(caseId, q.get('a'), q.get('ra')), b = resolve(caseId, q.get('b'), q.get('rb'));
    box.appendChild(el('h2', { text: 'A/B: case ' + nameText(caseId) }));
    var runsOfCase = [];
    for (var n = 0; n < N; n++) if (caseOf(n)[0] === caseId) runsOfCase.push(n);
    function go(p) { location.hash = 'case=' + encodeURIComponent(caseId) + '&' + hashOf(Object.assign(p, { 'case': '' })); }
    function params() { var p = {}; q.forEach(function (v, k) { p[k] = v; }); return p; }
    function picker(side, cur) {
      var s = el('select', { id: 'ab-' + side });
      s.appendChild(el('option', { value: '', text: 'choose a run' }));
      runsOfCase.forEach(function (m) { s.appendChild(el('option', { value: I.runs[m], text: nameText(I.runs[m]) + ' — ' + nameText(I.configs[f(m, F_CFG)]) + ', ' + nameText(I.conditions[f(m, F_COND)]) + ', repeat ' + f(m, F_REP) + ' — ' + verdictText(m, 0) })); });
      s.value = cur >= 0 ? I.runs[cur] : '';
      s.addEventListener('change', function () { var p = params(); p[side] = s.value; delete p['r' + side]; go(p); });
      return el('label', { 'for': 'ab-' + side }, side.toUpperCase() + ' ', s);
    }
    // One policy for both sides: p, or the older pa/pb when they agree.
    var pname = q.get('p') || q.get('pa') || q.get('pb') || I.policies[0];
    if (q.get('pa') && q.get('pb') && q.get('pa') !== q.get('pb') && !q.get('p')) {
      box.appendChild(el('p', { cls: 'err', id: 'ab-policy-error', text: 'A/B compares both runs under one policy; this link asks for ' + nameText(q.get('pa')) + ' on A and ' + nameText(q.get('pb')) + ' on B. Choose one below.' }));
      pname = q.get('pa');
    }
    var pol = policyIndex(pname);
    var ps = el('select', { id: 'ab-p' });
    I.policies.forEach(function (name, i) { ps.appendChild(el('option', { value: name, text: policyLabel(i) })); });
    ps.value = I.policies[pol];
    ps.addEventListener('change', function () { var p = params(); p.p = ps.value; delete p.pa; delete p.pb; go(p); });
    box.appendChild(el('div', { cls: 'filters' }, picker('a', a), picker('b', b), el('label', { 'for': 'ab-p' }, 'Policy (both sides) ', ps)));
    if (a < 0 || b < 0) { box.appendChild(el('p', { text: 'Choose two runs of this case (a run id, or a configuration with ~condition, in the URL).' })); return; }
    var c = caseOf(a);
    loadChunk(c[3], function (chunk) {
      var cb = chunk && caseBlock(chunk, caseId);
      var da = cb && detailOf(cb, a), db = null;
      if (caseOf(b)[0] === caseId) db = cb && detailOf(cb, b);
      if (!da || !db) { box.appendChild(el('p', { cls: 'err', text: 'Both runs must be episodes of case ' + nameText(caseId) + '.' })); return; }
      // Gate details are kept for the main policy only; under another the verdicts are
      // that policy's and the gates are not shown.
      var gates = pol === 0;
      function head(n) { return nameText(I.runs[n]) + ' · ' + nameText(I.configs[f(n, F_CFG)]) + ' · ' + nameText(I.conditions[f(n, F_COND)]) + ' · repeat ' + f(n, F_REP); }
      box.appendChild(el('p', { cls: 'summary', id: 'ab-verdicts' }, 'Under ' + policyLabel(pol) + ': A ', el('strong', { cls: failOf(a, pol) === 0 ? 'pass' : 'fail', text: verdictText(a, pol) }),
        ', B ', el('strong', { cls: failOf(b, pol) === 0 ? 'pass' : 'fail', text: verdictText(b, pol) }), '.'));
      if (!gates) box.appendChild(el('p', { cls: 'note', id: 'ab-nogates', text: 'This page holds the gates of the main policy (' + policyLabel(0) + ') only; under ' + policyLabel(pol) + ' the reads are compared and the gates left out. Choose ' + policyLabel(0) + ' to see them.' }));
      function ent(e) { return e.tool + ' ' + e.args; }
      // A call of a tool the case's rules call neither a read nor a write (d.other: τ-bench's
      // think, calculate) establishes nothing: no side "acted without" it.
      function isRead(d, e) { return e.type === 'INFO_CALL' && !d.other[e.tool]; }
      function readsBefore(d, at) {
        var m = {};
        d.events.forEach(function (e, i) { if (i < at && isRead(d, e) && !m[ent(e)]) m[ent(e)] = { ev: i, e: e }; });
        return m;
      }
      function actions(d) { var out = []; d.events.forEach(function (e, i) { if (e.type === 'CONSEQUENTIAL_CALL') out.push(i); }); return out; }
      function gateAt(d, i) { for (var k = 0; k < d.cps.length; k++) if (d.cps[k].ev === i) return d.cps[k]; return null; }
      // What the action at event i acts on, as the oracle identified it at its gate ("" when
      // it identified nothing, or kept no gate there).
      function targetAt(d, i) { var g = gateAt(d, i); return g && g.target || ''; }
      function targetText(t) { return t || 'no target the oracle identifies'; }
      // "X acted without these reads": the reads the other side made before the same action
      // (the first of the same tool and target) that X had not made before its own. When the
      // other side acted with that tool on other targets only, no read is compared: its
      // reads were for another record (elsewhere lists those actions).
      function without(dx, dy) {
        var ax = actions(dx), ay = actions(dy);
        if (!ax.length) return null;
        var i = ax[0], tool = dx.events[i].tool, target = targetAt(dx, i), j = -1, elsewhere = [];
        ay.forEach(function (k) {
          if (dy.events[k].tool !== tool) return;
          if (targetAt(dy, k) !== target) elsewhere.push(k);
          else if (j < 0) j = k;
        });
        if (j < 0 && elsewhere.length) return { at: i, tool: tool, target: target, other: -1, lack: [], elsewhere: elsewhere };
        var mine = readsBefore(dx, i), theirs = readsBefore(dy, j < 0 ? dy.events.length : j), lack = [];
        Object.keys(theirs).forEach(function (k) { if (!mine[k]) lack.push(theirs[k]); });
        lack.sort(function (p, q) { return p.ev - q.ev; });
        return { at: i, tool: tool, target: target, other: j, lack: lack, elsewhere: [] };
      }
      var wb = without(db, da), wa = without(da, db);
      var sum = el('div', { id: 'ab-summary' });
      [['B', wb, 'A', db, da], ['A', wa, 'B', da, db]].forEach(function (x) {
        var w = x[1];
        if (w && w.elsewhere.length) {
          // Both targets known and unequal: different records; one unknown (arguments that
          // match no commit): the oracle cannot say they are the same.
          var known = !!w.target && w.elsewhere.every(function (k) { return !!targetAt(x[4], k); });
          sum.appendChild(el('p', { cls: 'summary', 'data-side': x[0], 'data-targets': known ? 'different' : 'unidentified' },
            el('strong', { text: known ? 'Different targets' : 'No common target' }),
            ': ' + x[0] + "'s first action, " + w.tool + ' at event ' + w.at + ', acts on ' + targetText(w.target) + '; ' + x[2] + "'s " + w.tool +
            ' acted on ' + w.elsewhere.map(function (k) { return targetText(targetAt(x[4], k)) + ' (event ' + k + ')'; }).join(', ') +
            (known ? ' and never on ' + w.target + '. The two acted on different targets' : '. The oracle identifies no target both acted on') + ', so no read is compared for this action.'));
          return;
        }
        if (!w || !w.lack.length) return;
        sum.appendChild(el('p', { cls: 'summary', 'data-side': x[0], 'data-lacks': String(w.lack.length) },
          el('strong', { text: x[0] + ' acted without ' + (w.lack.length === 1 ? 'this read' : 'these ' + w.lack.length + ' reads') }),
          ' (' + x[0] + "'s " + w.tool + ' at event ' + w.at + (w.target ? ' on ' + w.target : '') + '; ' + x[2] + ' made ' + (w.lack.length === 1 ? 'it' : 'them') + ' before ' + (w.other >= 0 ? 'its own at event ' + w.other : 'stopping') + '):'));
        sum.appendChild(el('ul', { cls: 'lacks', 'data-side': x[0] }, w.lack.map(function (r) { return el('li', null, el('code', { text: ent(r.e) })); })));
      });
      // Requirements one side's gate confirmed and the other's did not (same commit).
      if (gates) {
        da.cps.forEach(function (ca) {
          if (ca.ev < 0 || !ca.commit) return;
          db.cps.forEach(function (cbp) {
            if (cbp.ev < 0 || cbp.commit !== ca.commit) return;
            [[ca, cbp, 'A', 'B'], [cbp, ca, 'B', 'A']].forEach(function (z) {
              var sup = {}; z[0].reqs.forEach(function (r) { if (r.status === 'SUPPORTED') sup[r.id] = true; });
              var not = z[1].reqs.filter(function (r) { return sup[r.id] && r.status !== 'SUPPORTED'; }).map(function (r) { return r.id + ' (' + r.status + ')'; });
              if (not.length) sum.appendChild(el('p', { cls: 'summary', 'data-confirmed': z[2] }, el('strong', { text: z[2] + ' confirmed, ' + z[3] + ' did not' }), ' at ' + ca.commit + ': ' + not.join(', ') + '.'));
            });
          });
        });
      }
      if (!sum.childNodes.length) sum.appendChild(el('p', { cls: 'summary', text: 'Neither side acted without a read the other made before the same action (the same tool on the same target).' }));
      box.appendChild(sum);
      // Reads, matched by tool and entity; then actions, matched by tool and target in order.
      var rows = [], seen = {};
      [da, db].forEach(function (d) { d.events.forEach(function (e) { if (e.type === 'INFO_CALL' && !seen[ent(e)]) { seen[ent(e)] = true; rows.push(ent(e)); } }); });
      function firstEv(d, k) { for (var i = 0; i < d.events.length; i++) if (d.events[i].type === 'INFO_CALL' && ent(d.events[i]) === k) return i; return -1; }
      var tb = el('tbody');
      rows.forEach(function (k) {
        var ia = firstEv(da, k), ib = firstEv(db, k);
        var tool = (ia >= 0 ? da.events[ia] : db.events[ib]).tool, other = !!(da.other[tool] || db.other[tool]);
        tb.appendChild(el('tr', { cls: ia < 0 || ib < 0 ? 'diverge' : '' }, el('td', null, el('span', { cls: 'badge read', text: other ? 'OTHER' : 'READ' }), el('code', { text: k })),
          el('td', { cls: 'num', text: ia < 0 ? '—' : 'event ' + ia }), el('td', { cls: 'num', text: ib < 0 ? '—' : 'event ' + ib }),
          el('td', { text: ia < 0 ? 'B only' : ib < 0 ? 'A only' : 'both' })));
      });
      // Pairs [A's event, B's event, same target]: each of A's actions with B's first unpaired
      // one of the same tool and target; the rest of the same tool side by side, on
      // different targets; then what either did alone.
      var xa = actions(da), xb = actions(db), usedB = {}, pairs = [];
      function pairB(i, same) {
        for (var m = 0; m < xb.length; m++) {
          var k = xb[m];
          if (!usedB[k] && db.events[k].tool === da.events[i].tool && (!same || targetAt(db, k) === targetAt(da, i))) { usedB[k] = true; return k; }
        }
        return -1;
      }
      xa.forEach(function (i) { var k = pairB(i, true); pairs.push([i, k, k >= 0]); });
      pairs.forEach(function (p) { if (p[1] < 0) p[1] = pairB(p[0], false); });
      xb.forEach(function (k) { if (!usedB[k]) pairs.push([-1, k, false]); });
      pairs.forEach(function (p) {
        var ea = p[0] >= 0 ? da.events[p[0]] : null, eb = p[1] >= 0 ? db.events[p[1]] : null;
        var act = function (d, at, e) {
          if (!e) return el('td', { cls: 'none', text: '(no action)' });
          var g = gates ? gateAt(d, at) : null;
          return el('td', null, 'event ' + at + ' ', el('code', { text: e.args }), el('div', { cls: 'target', text: 'acts on ' + targetText(targetAt(d, at)) }),
            g ? el('div', { cls: g.gate === 'ALLOW' ? 'pass' : 'fail', text: 'gate ' + g.gate + (g.commit ? ' ' + g.commit : '') + (g.reason ? ' — ' + g.reason : '') }) : null,
            at === d.broke && gates ? el('div', { cls: 'brokehere', text: '✗ broke here' }) : null);
        };
        tb.appendChild(el('tr', { cls: 'act' + (ea && eb && !p[2] ? ' diverge' : '') }, el('td', null, el('span', { cls: 'badge act', text: 'ACTION' }), el('strong', { text: (ea || eb).tool })),
          act(da, p[0], ea), act(db, p[1], eb), el('td', { cls: 'match', text: ea && eb ? (p[2] ? 'same target' : targetAt(da, p[0]) && targetAt(db, p[1]) ? 'different targets' : 'target not identified') : ea ? 'A only' : 'B only' })));
      });
      done('ab');
      box.appendChild(el('div', { cls: 'tablewrap' }, el('table', { cls: 't ab', id: 'ab-table' },
        el('thead', null, el('tr', null, el('th', { scope: 'col', text: 'Evidence (tool and entity) and actions' }), el('th', { scope: 'col', text: 'A: ' + head(a) }), el('th', { scope: 'col', text: 'B: ' + head(b) }), el('th', { scope: 'col', text: '' }))), tb)));
    });
  }

  // ---- clickable heat maps and failure mixes: the domain tables' cells are shaded by
  // value, and the failure table gets a stacked bar per row whose segments open the same
  // slices as its numbers (the SVG figures beside them are pictures only).
  function decorate() {
    Array.prototype.forEach.call(document.querySelectorAll('table[data-table="T8"] td.num, table[data-table="domains"] td.num'), function (td) {
      // rates only (their column's header is marked pct), not the counts beside them
      var th = td.closest('table').querySelectorAll('thead th')[td.cellIndex];
      if (!th || !th.classList.contains('pct')) return;
      var v = parseFloat(td.textContent); // a rate's estimate, before its interval
      if (isNaN(v)) return;
      var t = Math.max(0, Math.min(1, v / 100));
      // from #f7fbff to #08306b (ColorBrewer Blues); white text on the darker half
      var c = [247 + (8 - 247) * t, 251 + (48 - 251) * t, 255 + (107 - 255) * t].map(Math.round);
      td.style.background = 'rgb(' + c.join(',') + ')';
      // white or black text, whichever contrasts more (one of them always reaches 4.5:1)
      var L = c.map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
      L = 0.2126 * L[0] + 0.7152 * L[1] + 0.0722 * L[2];
      var ink = 1.05 / (L + 0.05) > (L + 0.05) / 0.05 ? '#ffffff' : '#000000';
      td.style.color = ink;
      var a = td.querySelector('a');
      if (a) a.style.color = ink;
    });
    // the figures' palette: one colour per failure type
    function colorOf(key) { return I.palette[key] || '#999999'; }
    Array.prototype.forEach.call(document.querySelectorAll('table[data-table="failures"]'), function (tbl) {
      var heads = tbl.querySelectorAll('thead th'), cols = [];
      Array.prototype.forEach.call(heads, function (th, j) {
        var key = th.textContent.replace(/ /g, '_');
        if (I.palette[key]) cols.push({ j: j, key: key });
      });
      if (!cols.length) return;
      tbl.querySelector('thead tr').appendChild(el('th', { scope: 'col', text: 'Mix (click a segment)' }));
      Array.prototype.forEach.call(tbl.querySelectorAll('tbody tr'), function (tr) {
        var bar = el('div', { style: 'display:flex;width:240px;height:14px;border:1px solid #767b84' });
        cols.forEach(function (c, k) {
          var td = tr.cells[c.j], v = parseFloat(td.textContent);
          if (!(v > 0)) return;
          var a = td.querySelector('a');
          var seg = el(a ? 'a' : 'span', { style: 'display:block;width:' + v + '%;background:' + colorOf(c.key), title: c.key + ' ' + td.textContent + '%',
            'aria-label': c.key + ' ' + td.textContent + '%' });
          if (a) seg.setAttribute('href', a.getAttribute('href'));
          bar.appendChild(seg);
        });
        tr.appendChild(el('td', null, bar));
      });
    });
  }
  decorate();
  // The tables page's contents: the hash names the view, so a link scrolls to its target
  // and moves the focus there instead of changing the hash.
  Array.prototype.forEach.call(document.querySelectorAll('nav.toc a[data-to]'), function (a) {
    a.addEventListener('click', function (e) {
      var t = document.getElementById(a.getAttribute('data-to'));
      if (!t) return;
      e.preventDefault();
      if (!t.hasAttribute('tabindex')) t.setAttribute('tabindex', '-1');
      t.scrollIntoView({ block: 'start' });
      t.focus({ preventScroll: true });
    });
  });

  // ---- keyboard: j/k move between events; g then l/t/s/d switch views ----
  var lastG = 0;
  document.addEventListener('keydown', function (e) {
    var t = e.target.tagName;
    if (t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA' || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'j' || e.key === 'k') {
      var items = document.querySelectorAll('#timeline > li');
      if (!items.length) return;
      var i = Array.prototype.indexOf.call(items, document.activeElement);
      i = e.key === 'j' ? Math.min(items.length - 1, i + 1) : Math.max(0, i < 0 ? 0 : i - 1);
      items[i].focus();
      e.preventDefault();
    } else if ((e.key === 'n' || e.key === 'p') && queue && !document.getElementById('v-episode').hidden) {
      var m = e.key === 'n' ? queue.next : queue.prev;
      if (m != null) { location.hash = 'run=' + encodeURIComponent(I.runs[m]) + '&from=' + encodeURIComponent(queue.from); e.preventDefault(); }
    } else if (e.key === 'g') lastG = Date.now();
    else if (Date.now() - lastG < 1500) {
      var to = { l: 'leaderboard', t: 'tables', s: 'slice', d: 'disagreements' }[e.key];
      if (to) { location.hash = to; e.preventDefault(); }
      lastG = 0;
    }
  });

  window.SAB.fixed = fixed;
  window.SAB.nameText = nameText;
  window.SAB.run = function (i) { return I.runs[i]; };
  window.SAB.episodes = N;
  window.SAB.sliceStats = function (hash) { var s = sliceStats(new URLSearchParams(hash)); return { n: s.eps.length, scored: s.scored, pass: s.pass, base: s.base }; };
  route();
})();
