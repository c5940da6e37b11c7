// The live table, drawn from the game's JSON. Every name is set as text (textContent, SVG
// text nodes), never as markup, so a player named "<script>" shows as typed.
"use strict";
(function () {
  const NS = "http://www.w3.org/2000/svg";
  const KEPT = 10;
  const params = new URLSearchParams(location.search);
  const base = location.pathname.replace(/\/+$/, "");
  let shown = { game: undefined, version: -1 };
  let changes = [];

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function sv(tag, attrs, text) {
    const node = document.createElementNS(NS, tag);
    for (const key in attrs) node.setAttribute(key, String(attrs[key]));
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function tag(text, gold) { return el("span", gold ? "tag gold" : "tag", text); }
  function entries(obj) { return obj ? Object.entries(obj).filter((e) => e[1]) : []; }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function $(id) { return document.getElementById(id); }

  if (params.has("overlay")) {
    document.body.classList.add("overlay");
    const w = parseInt(params.get("width") || "", 10);
    const h = parseInt(params.get("height") || "", 10);
    const page = $("page");
    if (w > 0 && w <= 7680) page.style.width = w + "px";
    if (h > 0 && h <= 4320) page.style.height = h + "px";
  }

  function isTotemic(state) { return state && "level" in state; }

  // -- the table as a picture: seats round an oval, life totals where they belong --------
  function drawBoard(state) {
    const players = state.players || [];
    const W = 1200, H = 640, cx = W / 2, cy = H / 2, rx = 430, ry = 210;
    const svg = sv("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "The table" });
    svg.appendChild(sv("ellipse", { class: "felt", cx, cy, rx: rx - 70, ry: ry - 50 }));
    const n = Math.max(players.length, 1);
    const at = (i) => {
      const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
      return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)];
    };
    const active = activeNames(state);
    const totems = state.totems || [];
    totems.forEach((totem) => {
      const i = players.findIndex((p) => p.name === totem.seats[0]);
      const j = players.findIndex((p) => p.name === totem.seats[1]);
      if (i < 0 || j < 0) return;
      const [x1, y1] = at(i), [x2, y2] = at(j);
      let x = (x1 + x2) / 2, y = (y1 + y2) / 2;
      if (n === 2) { x = cx; y = cy; }
      else { x = cx + (x - cx) * 0.78; y = cy + (y - cy) * 0.78; }
      const g = sv("g", { "data-totem": totem.seats.join("|") });
      g.appendChild(sv("rect", { class: "totem" + (totem.status === "dead" ? " dead" : ""), x: x - 58, y: y - 40, width: 116, height: 80, rx: 14 }));
      g.appendChild(sv("text", { class: lifeClass(totem.life, totem.status === "dead"), x, y: y - 4 }, totem.life));
      if (totem.poison) g.appendChild(sv("text", { class: "small", x, y: y + 30 }, `☠ ${totem.poison}`));
      svg.appendChild(g);
    });
    players.forEach((p, i) => {
      const [x, y] = at(i);
      const out = p.status !== "in";
      const g = sv("g", { "data-seat": p.name });
      const life = ownLife(state, p);
      const tall = life !== null || isTotemic(state);
      const top = tall ? y - 62 : y - 36;
      g.appendChild(sv("rect", { class: "seat" + (active.has(p.name) ? " active" : "") + (out ? " out" : ""), x: x - 115, y: top, width: 230, height: tall ? 124 : 72, rx: 18 }));
      g.appendChild(sv("text", { class: "name", x, y: tall ? y - 36 : y - 12 }, shorten(p.name)));
      if (life !== null) g.appendChild(sv("text", { class: lifeClass(life, out), x, y: y + 10 }, life));
      else if (isTotemic(state)) g.appendChild(sv("text", { class: "big", x, y: y + 10 }, p.power));
      const under = [];
      if (out) under.push(p.status);
      else if (!tall) under.push(Object.keys(p.counters || {}).length ? Object.entries(p.counters).map(([k, v]) => `${k} ${v}`).join(", ") : "in");
      if (p.poison) under.push(`☠ ${p.poison}`);
      if (p.team) under.push(p.team);
      if (isTotemic(state)) under.push(`dominance ${p.dominance}`);
      if (state.monarch === p.name) under.push("♛ monarch");
      if (under.length) g.appendChild(sv("text", { class: "small", x, y: tall ? y + 48 : y + 18 }, shorten(under.join(" · "), 20)));
      svg.appendChild(g);
    });
    return svg;
  }
  function shorten(text, max) {
    const s = String(text), m = max || 16;
    return s.length > m ? s.slice(0, m - 1) + "…" : s;
  }
  function lifeClass(life, dead) { return "big" + (dead ? " dead" : life <= 5 ? " low" : ""); }
  function teamOf(state, p) { return (state.teams || []).find((t) => t.players.includes(p.name)); }
  function ownLife(state, p) {
    if (typeof p.life === "number") return p.life;
    const team = teamOf(state, p);
    return team && typeof team.life === "number" ? team.life : null;
  }
  function activeNames(state) {
    const names = new Set();
    if (state.markers) state.markers.forEach((m) => { if (!m.waiting) names.add(m.player); });
    if (state.turn && state.turn.active) names.add(state.turn.active);
    if (state.turn && state.turn.team) (state.teams || []).forEach((t) => { if (t.name === state.turn.team) t.players.forEach((x) => names.add(x)); });
    return names;
  }

  // -- the cards: everything the picture has no room for --------------------------------
  function playerCard(state, p, active) {
    const card = el("article", "card" + (active.has(p.name) ? " active" : "") + (p.status !== "in" ? " out" : ""));
    card.dataset.player = p.name;
    card.appendChild(el("div", "name", p.name));
    if (p.deck) card.appendChild(el("div", "row deck", p.deck));
    if (isTotemic(state)) {
      card.appendChild(el("div", "life power", p.power));
      card.appendChild(el("div", "row", "power · dominance "));
      card.lastChild.appendChild(el("span", "dominance", p.dominance));
    } else if (typeof p.life === "number") {
      card.appendChild(el("div", "life" + (p.life <= 5 ? " low" : ""), p.life));
    }
    card.appendChild(el("div", "row status", p.status));
    if (p.team) card.appendChild(el("div", "row", `team ${p.team}` + (p.role ? ` · ${p.role}` : "")));
    else if (p.role) card.appendChild(el("div", "row", p.role));
    if (p.poison) card.appendChild(el("div", "row poison", `poison ${p.poison}`));
    const cmd = entries(p.commander_damage);
    if (cmd.length) card.appendChild(el("div", "row", "commander damage: " + cmd.map(([k, v]) => `${k} ${v}`).join(", ")));
    if (p.master) card.appendChild(el("div", "row", `minion of ${p.master}`));
    const tags = el("div", "row");
    entries(p.counters).forEach(([k, v]) => tags.appendChild(tag(`${k} ${v}`)));
    if (state.monarch === p.name) tags.appendChild(tag("monarch", true));
    if (state.initiative === p.name) tags.appendChild(tag("initiative", true));
    if (p.city_blessing) tags.appendChild(tag("city's blessing", true));
    if (p.ring) tags.appendChild(tag(`ring ${p.ring}`, true));
    entries(p.commander_casts).forEach(([k, v]) => tags.appendChild(tag(`${k} cast ${v}×`)));
    if (tags.firstChild) card.appendChild(tags);
    return card;
  }
  function extraCards(state) {
    const out = [];
    (state.teams || []).forEach((t) => {
      const card = el("article", "card" + (t.status !== "in" ? " out" : ""));
      card.dataset.team = t.name;
      card.appendChild(el("div", "name", t.name));
      if (typeof t.life === "number") card.appendChild(el("div", "life", t.life));
      card.appendChild(el("div", "row", t.players.join(", ")));
      if (t.poison) card.appendChild(el("div", "row poison", `poison ${t.poison}`));
      out.push(card);
    });
    (state.totems || []).forEach((t) => {
      const card = el("article", "card" + (t.status === "dead" ? " out" : ""));
      card.dataset.totem = t.seats.join("|");
      card.appendChild(el("div", "name", "Totem " + t.seats.join(" – ")));
      card.appendChild(el("div", "life", t.life));
      if (t.poison) card.appendChild(el("div", "row poison", `poison ${t.poison}`));
      const cmd = entries(t.commander_damage);
      if (cmd.length) card.appendChild(el("div", "row", "commander damage: " + cmd.map(([k, v]) => `${k} ${v}`).join(", ")));
      out.push(card);
    });
    if (isTotemic(state)) {
      const card = el("article", "card");
      card.appendChild(el("div", "name", `Level ${state.level}`));
      const c = state.challenge;
      if (c) {
        card.appendChild(el("div", "row", `challenge by ${c.by}` + (c.awaiting ? `, awaiting ${c.awaiting}` : "")));
        entries(c.revealed).forEach(([who, strength]) => {
          const row = el("div", "row revealed", `${who}: `);
          row.dataset.player = who;
          row.appendChild(el("span", "strength", strength));
          card.appendChild(row);
        });
      }
      if (state.match) card.appendChild(el("div", "row", `game ${state.match.game} of ${state.match.games}`));
      if (state.solo) state.solo.rivals.forEach((r) => card.appendChild(el("div", "row", `${r.name}: ${r.power} (${r.status})`)));
      out.push(card);
    }
    return out;
  }

  function turnText(state) {
    if (state.status === "finished") return state.winners.length ? `Won by ${state.winners.join(", ")}` : "Game over";
    const time = state.day_night === "day" ? " · ☀ day" : state.day_night === "night" ? " · ☾ night" : "";
    if (state.markers) return state.markers.filter((m) => !m.waiting).map((m) => `Turn ${m.number}: ${m.player}`).join(" · ") + time;
    const t = state.turn || {};
    return `Turn ${t.number}: ${t.team || t.active}` + (t.action ? ` (${t.action})` : "") + time;
  }

  function render(msg) {
    document.body.dataset.game = String(msg.game);
    document.body.dataset.version = String(msg.version === undefined ? -1 : msg.version);
    clear($("board")); clear($("cards")); clear($("extra"));
    if (msg.game === null) {
      $("title").textContent = "No game at this table";
      $("turn").textContent = "The page shows the next game as soon as it starts.";
      return;
    }
    const state = msg.state;
    $("title").textContent = msg.title + (msg.game_status === "abandoned" ? " (ended)" : "");
    $("turn").textContent = turnText(state);
    $("turn").className = state.status === "finished" ? "result" : "";
    $("board").appendChild(drawBoard(state));
    const active = activeNames(state);
    (state.players || []).forEach((p) => $("cards").appendChild(playerCard(state, p, active)));
    extraCards(state).forEach((c) => $("extra").appendChild(c));
    const list = $("changes");
    clear(list);
    changes.slice().reverse().forEach((c) => {
      const li = el("li", null, c.text);
      li.value = c.seq;
      li.dataset.seq = String(c.seq);
      list.appendChild(li);
    });
  }

  function apply(msg) {
    if (msg.game !== shown.game) {
      changes = (msg.changes || []).slice();
    } else {
      if (msg.version <= shown.version) return; // older than what is shown
      const last = changes.length ? changes[changes.length - 1].seq : 0;
      (msg.changes || []).forEach((c) => { if (c.seq > last) changes.push(c); });
    }
    changes = changes.slice(-KEPT);
    shown = { game: msg.game, version: msg.version === undefined ? -1 : msg.version };
    render(msg);
  }

  function linkState(text, cls) {
    const node = $("link");
    node.textContent = text;
    node.className = "link " + cls;
    document.body.dataset.link = cls;
  }

  const source = new EventSource(base + "/events");
  source.addEventListener("table", (event) => apply(JSON.parse(event.data)));
  source.addEventListener("open", () => linkState("live", "live"));
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED) {
      linkState("this address no longer works: ask for a new one with /totem link", "gone");
    } else {
      linkState("reconnecting…", "lost");
    }
  });
})();
