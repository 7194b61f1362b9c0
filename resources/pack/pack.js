"use strict";
(function () {
  document.documentElement.classList.remove("nojs");
  var data = JSON.parse(document.getElementById("pack-data").textContent);
  var W = data.words;
  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? String(values[k]) : m; });
  }

  // ---- search: model/search.py's scoring, on the texts and spellings it gives ----
  var S = data.search;
  var spellKeys = Object.keys(S.spellings).sort(function (a, b) { return b.length - a.length; });
  var spellRe = spellKeys.length ? new RegExp(spellKeys.map(function (k) {
    return k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }).join("|"), "g") : null;
  var NOT_LETTER = /[^\p{L}\p{N}]+/gu;
  function fold(text) {
    return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  }
  function spell(t) { return spellRe ? t.replace(spellRe, function (m) { return S.spellings[m]; }) : t; }
  function canonWord(w) { return spell(w).replace(NOT_LETTER, ""); }
  function tokens(folded) { return folded.split(/\s+/).map(canonWord).filter(Boolean); }
  function pairs(t) { var out = ""; for (var i = 0; i + 1 < t.length; i++) out += " " + t[i] + t[i + 1]; return out; }
  var entries = S.entries.map(function (e, index) {
    var name = fold(e[1]);
    var words = name.match(/[\p{L}\p{N}_]+/gu) || [];
    var nameTokens = tokens(name);
    var tagList = e[2].map(fold);
    var tagTokens = tagList.map(tokens);
    var summaryTokens = tokens(fold(e[3]));
    var ctags = [].concat.apply([], tagTokens);
    var vocabulary = [];
    nameTokens.concat(ctags).forEach(function (t) { if (t.length > 2 && vocabulary.indexOf(t) < 0) vocabulary.push(t); });
    return {
      id: e[0], index: index, name: name, starts: " " + words.join(" "), cname: nameTokens.join(" "),
      cwhole: nameTokens.join(""), pname: pairs(nameTokens), tags: tagList.join(" "), ctags: ctags.join(" "),
      ptags: tagTokens.map(pairs).join(""), summary: fold(e[3]), csummary: summaryTokens.join(" "),
      psummary: pairs(summaryTokens), vocabulary: vocabulary
    };
  });
  var byName = entries.slice().sort(function (a, b) { return a.name < b.name ? -1 : a.name > b.name ? 1 : a.index - b.index; });
  function nameScore(f, word, c, compound) {
    if (f.name === word) return 100;
    if (f.starts.indexOf(" " + word) >= 0) return f.name.indexOf(word) === 0 ? 60 : 45;
    if (f.name.indexOf(word) >= 0) return 30;
    if (c) {
      if (f.cwhole === c) return 90;
      if (f.cname.indexOf(c) >= 0 || (compound && f.pname.indexOf(" " + c) >= 0)) return f.cwhole.indexOf(c) === 0 ? 50 : 25;
    }
    return 0;
  }
  function textScore(f, word, c, compound) {
    if (f.tags.indexOf(word) >= 0) return 20;
    if (c && (f.ctags.indexOf(c) >= 0 || (compound && f.ptags.indexOf(" " + c) >= 0))) return 15;
    if (f.summary.indexOf(word) >= 0) return 10;
    if (c && (f.csummary.indexOf(c) >= 0 || (compound && f.psummary.indexOf(" " + c) >= 0))) return 8;
    return 0;
  }
  function wordScore(f, word, c) {
    var compound = c.length >= S.compound_min;
    return nameScore(f, word, c, compound) || textScore(f, word, c, compound);
  }
  function ratio(a, b) {  // RapidFuzz's fuzz.ratio: normalised Indel similarity, 0-100
    if (!a.length && !b.length) return 100;
    var prev = new Array(b.length + 1).fill(0);
    for (var i = 1; i <= a.length; i++) {
      var cur = [0];
      for (var j = 1; j <= b.length; j++) {
        cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
      }
      prev = cur;
    }
    return 200 * prev[b.length] / (a.length + b.length);
  }
  function find(query) {
    var words = (fold(query).match(/[\p{L}\p{N}_+\-"']+/gu) || []).map(function (w) { return [w, canonWord(w)]; });
    if (!words.length) return byName;
    var scored = [];
    byName.forEach(function (f, order) {
      var total = 0;
      for (var i = 0; i < words.length; i++) {
        var p = wordScore(f, words[i][0], words[i][1]);
        if (!p) return;
        total += p;
      }
      scored.push([total, order, f]);
    });
    scored.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1]; });
    var found = scored.map(function (s) { return s[2]; });
    if (found.length >= S.few) return found;
    var vocabulary = [];
    byName.forEach(function (f) { f.vocabulary.forEach(function (v) { if (vocabulary.indexOf(v) < 0) vocabulary.push(v); }); });
    var any = false;
    var choices = words.map(function (wc) {
      var options = [[wc[0], wc[1], 1]];
      if (wc[1].length >= S.fuzzy_min) {
        var close = vocabulary.map(function (v, i) { return [v, ratio(wc[1], v), i]; })
          .filter(function (m) { return m[1] >= S.fuzzy_cutoff; })
          .sort(function (a, b) { return b[1] - a[1] || a[2] - b[2]; }).slice(0, S.fuzzy_limit);
        close.forEach(function (m) { if (m[0] !== wc[1]) { options.push([m[0], m[0], m[1] / 100]); any = true; } });
      }
      return options;
    });
    if (!any) return found;
    var more = [];
    byName.forEach(function (f, order) {
      if (found.indexOf(f) >= 0) return;
      for (var k = 0; k < choices.length; k++) {
        if (choices[k].length > 1 && !choices[k].some(function (o) { return f.vocabulary.indexOf(o[1]) >= 0; })) return;
      }
      var total = 0;
      for (var i = 0; i < choices.length; i++) {
        var best = Math.max.apply(null, choices[i].map(function (o) { return wordScore(f, o[0], o[1]) * o[2]; }));
        if (!best) return;
        total += best;
      }
      more.push([total, order, f]);
    });
    more.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1]; });
    return found.concat(more.map(function (m) { return m[2]; }));
  }
  window.warbenchSearch = function (query) { return find(query).map(function (f) { return f.id; }); };
  var q = $("q"), found = $("found"), list = $("entries");
  var original = Array.prototype.slice.call(list.children);
  q.addEventListener("input", function () {
    var query = q.value.trim();
    if (!query) {
      original.forEach(function (node) { node.classList.remove("hidden"); list.appendChild(node); });
      found.textContent = "";
      return;
    }
    var ids = find(query).map(function (f) { return f.id; });
    original.forEach(function (node) { node.classList.add("hidden"); });
    ids.forEach(function (id) { var node = $(id); node.classList.remove("hidden"); list.appendChild(node); });
    found.textContent = ids.length ? fill(W.found, { n: ids.length }) : W.nothing_found;
  });

  // ---- dice: exact odds from model/dice.py (warbench roll --odds), rolled here ----
  var D = data.dice;
  var count = $("count"), sides = $("sides"), target = $("target"), preset = $("preset");
  function option(select, value, label) { var o = el("option", "", label); o.value = String(value); select.appendChild(o); }
  D.sides.forEach(function (s) { option(sides, s, "d" + s); });
  sides.value = "6";
  function fillCounts() {
    var keep = count.value, s = Number(sides.value);
    var most = target.value && s <= D.most_target_sides ? D.most_dice : D.most_totals;
    count.textContent = "";
    for (var n = 1; n <= most; n++) option(count, n, String(n));
    count.value = keep && Number(keep) <= most ? keep : "1";
  }
  function fillTargets() {
    var keep = target.value, s = Number(sides.value);
    target.textContent = "";
    option(target, "", W.total);
    if (s <= D.most_target_sides) for (var t = 2; t <= s; t++) option(target, t, t + "+");
    target.value = keep && Number(keep) <= s ? keep : "";
  }
  fillTargets(); fillCounts();
  function chosen() {
    if (preset.value !== "") return D.presets[Number(preset.value)];
    var n = Number(count.value), s = Number(sides.value), t = target.value;
    return { expression: n + "d" + s + (t ? ">=" + t : ""), count: n, sides: s, compare: t ? ">=" : "", target: Number(t || 0) };
  }
  function die(s) {  // a fair face from 1 to s (rejection sampling on 32-bit words)
    var limit = Math.floor(4294967296 / s) * s, word = new Uint32Array(1);
    do { crypto.getRandomValues(word); } while (word[0] >= limit);
    return word[0] % s + 1;
  }
  function meets(face, compare, t) {
    return compare === ">=" ? face >= t : compare === ">" ? face > t : compare === "<=" ? face <= t
      : compare === "<" ? face < t : face === t;
  }
  function showOdds(term, rolled) {
    var odds = D.odds[term.expression];
    $("odds-title").textContent = fill(W.odds_of, { expression: term.expression });
    $("mean").textContent = fill(W.mean, { mean: odds.mean });
    var body = $("odds-table").tBodies[0];
    body.textContent = "";
    odds.exactly.forEach(function (p, i) {
      var value = odds.low + i, tr = el("tr", value === rolled ? "hit" : "");
      [String(value), p, odds.at_least[i]].forEach(function (t) { tr.appendChild(el("td", "", t)); });
      body.appendChild(tr);
    });
  }
  function update() { showOdds(chosen(), null); $("rolled").textContent = ""; }
  preset.addEventListener("change", function () {  // the controls show the preset's dice where they can
    var term = preset.value !== "" ? D.presets[Number(preset.value)] : null;
    if (term && D.sides.indexOf(term.sides) >= 0 && (term.compare === "" || term.compare === ">=")) {
      var keep = preset.value;
      sides.value = String(term.sides);
      target.value = term.compare ? String(term.target) : "";
      fillTargets(); target.value = term.compare ? String(term.target) : ""; fillCounts();
      count.value = String(term.count);
      preset.value = keep;
    }
    update();
  });
  [count, sides, target].forEach(function (c) {
    c.addEventListener("change", function () { preset.value = ""; fillTargets(); fillCounts(); update(); });
  });
  $("roll").addEventListener("click", function () {
    var term = chosen(), faces = [], value = 0;
    for (var i = 0; i < term.count; i++) faces.push(die(term.sides));
    faces.forEach(function (f) { value += term.compare ? (meets(f, term.compare, term.target) ? 1 : 0) : f; });
    var shown = faces.map(function (f) { return term.compare && !meets(f, term.compare, term.target) ? "(" + f + ")" : String(f); });
    $("rolled").textContent = W.rolled + ": " + value + "  [" + shown.join(", ") + "]";
    $("rolled").dataset.value = String(value);
    showOdds(term, value);
  });
  update();

  // ---- tracker: kept in this browser's storage, keyed to the army ----
  var T = data.tracker, KEY = "warbench-pack:" + data.key;
  function fresh() {
    return {
      round: 1, vp: [0, 0],
      units: T.map(function (u) { return u.elements.map(function (e) {
        var s = {}; e.rows.forEach(function (r) { if (r.kind !== "local") s[r.field] = r.fresh; }); return s;
      }); }),
      local: T.map(function (u) { return u.elements.map(function () { return {}; }); })
    };
  }
  var state = fresh();
  try {
    var kept = JSON.parse(localStorage.getItem(KEY) || "null");
    if (kept && shaped(kept)) state = kept;
  } catch (e) { /* nothing kept, or storage refused: the fresh state */ }
  function shaped(s) {
    return s && typeof s.round === "number" && Array.isArray(s.vp) && Array.isArray(s.units) && Array.isArray(s.local)
      && s.units.length === T.length && T.every(function (u, i) {
        return Array.isArray(s.units[i]) && s.units[i].length === u.elements.length
          && Array.isArray(s.local[i]) && s.local[i].length === u.elements.length;
      });
  }
  function save() {
    try { localStorage.setItem(KEY, JSON.stringify(state)); } catch (e) { /* storage full or refused */ }
    $("export").value = exported();
  }
  function exported() {
    return JSON.stringify({ format: "warbench-pack-state", version: 1, army: data.key, round: state.round,
      vp: state.vp, units: state.units });
  }
  function ticks(row, u, e) {
    if (row.kind === "local") return state.local[u][e][row.field] || 0;
    var v = state.units[u][e][row.field];
    if (row.kind === "bool") return v ? 1 : 0;
    if (row.kind === "down") return Math.max(0, row.count - v);
    return Math.min(row.count, v);
  }
  function setTicks(row, u, e, n) {
    n = Math.max(0, Math.min(row.count, n));
    if (row.kind === "local") state.local[u][e][row.field] = n;
    else state.units[u][e][row.field] = row.kind === "bool" ? n > 0 : row.kind === "down" ? row.count - n : n;
    save();
    render();
  }
  function counter(name, value, change, id) {
    var line = el("div", "counter"), out = el("output", "", String(value));
    out.id = id;
    var minus = el("button", "", "−"), plus = el("button", "", "+");
    minus.type = plus.type = "button";
    minus.setAttribute("aria-label", name + ": " + W.minus);
    plus.setAttribute("aria-label", name + ": " + W.plus);
    minus.addEventListener("click", function () { change(-1); });
    plus.addEventListener("click", function () { change(1); });
    line.appendChild(el("span", "name", name)); line.appendChild(minus); line.appendChild(out); line.appendChild(plus);
    return line;
  }
  var MOST_BOXES = 24;
  function render() {
    var focused = document.activeElement, again = focused && (focused.dataset.box || focused.getAttribute("aria-label"));
    rebuild();
    if (again) {  // a tap rebuilds the tracker: the box or button tapped keeps the focus (keyboards, screen readers)
      var same = Array.prototype.find.call(document.querySelectorAll("#tracker button"), function (b) {
        return (b.dataset.box || b.getAttribute("aria-label")) === again;
      });
      if (same) same.focus();
    }
  }
  function rebuild() {
    var counters = $("counters"), units = $("units");
    counters.textContent = ""; units.textContent = "";
    counters.appendChild(counter(W.round, state.round, function (d) { state.round = Math.max(1, state.round + d); save(); render(); }, "round"));
    [W.vp_mine, W.vp_theirs].forEach(function (name, side) {
      counters.appendChild(counter(name, state.vp[side], function (d) {
        state.vp[side] = Math.max(0, Math.min(9999, state.vp[side] + d)); save(); render();
      }, "vp" + side));
    });
    T.forEach(function (unit, u) {
      var box = el("div", "unit");
      box.appendChild(el("h3", "", unit.name));
      if (unit.morale) box.appendChild(el("p", "hint", unit.morale));
      unit.elements.forEach(function (element, e) {
        var card = el("div", "element");
        var figures = state.units[u][e].figures;
        if (figures === 0) card.classList.add("out");
        if (unit.elements.length > 1 || element.name !== unit.name) card.appendChild(el("h3", "", element.name));
        element.rows.forEach(function (row, r) {
          var label = row.field === "activated" ? W.activated : row.label, line = el("div", "track");
          if (row.per_figure) label = fill(W.current_figure, { label: label });
          var n = ticks(row, u, e), name = el("span", "name", label);
          if (row.kind === "down") name.appendChild(el("b", "", " · " + fill(W.left, { n: row.count - n, count: row.count })));
          line.appendChild(name);
          if (row.count > MOST_BOXES) {
            var c = counter(label, n + " / " + row.count, function (d) { setTicks(row, u, e, n + d); }, "t-" + u + "-" + e + "-" + r);
            c.firstChild.remove();
            line.appendChild(c);
          } else {
            for (var i = 0; i < row.count; i++) {
              var b = el("button", "box");
              b.type = "button";
              b.setAttribute("aria-pressed", String(i < n));
              b.setAttribute("aria-label", label + " " + (i + 1));
              b.dataset.box = u + "-" + e + "-" + row.field + "-" + i;
              b.addEventListener("click", (function (i) { return function () {
                var now = ticks(row, u, e); setTicks(row, u, e, i < now ? i : i + 1);
              }; })(i));
              line.appendChild(b);
            }
          }
          card.appendChild(line);
        });
        box.appendChild(card);
      });
      units.appendChild(box);
    });
  }
  $("reset").addEventListener("click", function () {
    if (!window.confirm(W.reset_confirm)) return;
    state = fresh();
    try { localStorage.removeItem(KEY); } catch (e) { /* storage refused */ }
    save(); render();
  });
  $("import-button").addEventListener("click", function () {
    var status = $("import-status"), text = $("import").value, start = text.indexOf("{");
    var given = null;
    try { given = JSON.parse(text.slice(start, text.lastIndexOf("}") + 1)); } catch (e) { given = null; }
    var ok = given && given.format === "warbench-pack-state" && given.version === 1 && given.army === data.key
      && Number.isInteger(given.round) && given.round >= 1 && Array.isArray(given.vp) && given.vp.length === 2
      && given.vp.every(function (v) { return Number.isInteger(v) && v >= 0; })
      && Array.isArray(given.units) && given.units.length === T.length
      && T.every(function (unit, u) {
        return Array.isArray(given.units[u]) && given.units[u].length === unit.elements.length
          && unit.elements.every(function (element, e) {
            var values = given.units[u][e];
            return values && typeof values === "object" && element.rows.every(function (row) {
              if (row.kind === "local" || !(row.field in values)) return true;
              var v = values[row.field];
              return row.kind === "bool" ? typeof v === "boolean" : Number.isInteger(v) && v >= 0 && v <= Math.max(row.count, row.fresh);
            });
          });
      });
    if (!ok) { status.textContent = W.import_wrong; return; }
    state.round = given.round;
    state.vp = [Math.min(9999, given.vp[0]), Math.min(9999, given.vp[1])];
    T.forEach(function (unit, u) { unit.elements.forEach(function (element, e) {
      element.rows.forEach(function (row) {
        if (row.kind !== "local" && row.field in given.units[u][e]) state.units[u][e][row.field] = given.units[u][e][row.field];
      });
    }); });
    save(); render();
    status.textContent = W.imported;
  });
  save();
  render();
})();
