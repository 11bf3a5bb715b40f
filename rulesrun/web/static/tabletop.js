// The table in a browser, drawn: pieces, the table's zones and vars, the parts in play and the
// transcript, from the server's JSON (docs/web.md). table.js, loaded after this, asks the server
// and wires the page; both share the page's globals (`page`, `$`, `element`).
//
// The page knows shapes, not games: a zone or var per owner goes in its owner's row, a family
// (indexed 1..6) in a grid by index, the rest in boxes and counters, and what a part's own file
// declares (a board's field) in the part's box while it is in play; a piece is a die or a card,
// coloured by its owner, a die not rolled yet blank. The server puts every value in words.
"use strict";

// ------------------------------------------------------------------ pieces

function ownerName(owner) {
  return owner === null ? "nobody" : page.names()[owner] || `owner ${owner}`;
}

function ownerClass(owner) {
  if (owner === null) return "owner-none";
  return owner < page.setup.players ? `owner-${owner % 8}` : `owner-extra owner-extra-${(owner - page.setup.players) % 3}`;
}

// 30000 -> "30k": a card's value at a glance; its label says it in full.
function compact(value) {
  if (typeof value === "number" && Math.abs(value) >= 1000 && value % 1000 === 0) return `${value / 1000}k`;
  return String(value);
}

function dieKinds() {
  return Object.keys(page.plan.kinds).filter((kind) => page.plan.kinds[kind] === "die");
}

// A piece [kind, face, owner]; face null: a die not rolled yet, which shows no face.
function piece([kind, face, owner], count) {
  const isDie = page.plan.kinds[kind] !== "card";
  const title = (page.plan.titles || {})[kind] || kind;
  const times = count > 1 ? ` (${count} of them)` : "";
  const showing = face === null ? "not rolled yet" : `showing ${face}`;
  const label = isDie ? `${title}, ${showing}, ${ownerName(owner)}${times}`
                      : `${title} ${face}, ${ownerName(owner)}${times}`;
  const shape = isDie ? `die die-kind-${dieKinds().indexOf(kind) % 4}${face === null ? " unrolled" : ""}` : "card";
  return element("span", {class: `piece ${shape} ${ownerClass(owner)}`, role: "img", "aria-label": label, title: label},
    element("span", {class: "face", text: face === null ? "" : isDie ? String(face) : compact(face)}),
    count > 1 ? element("span", {class: "count", text: `×${count}`}) : null);
}

// Up to a dozen pieces one by one (dice in a row read as a count); more, grouped with a count.
function pieces(list) {
  const box = element("span", {class: "pieces"});
  if (list.length <= 12) {
    for (const one of list) box.append(piece(one, 1));
    return box;
  }
  const groups = new Map();
  for (const one of list) {
    const key = JSON.stringify(one);
    groups.set(key, (groups.get(key) || 0) + 1);
  }
  for (const [key, count] of groups) box.append(piece(JSON.parse(key), count));
  return box;
}

function faceDown(count) {
  return element("span", {class: "face-down", role: "img", "aria-label": `${count} face down`, title: `${count} face down`},
    element("span", {class: "piece back"}), element("span", {class: "count", text: `×${count}`}));
}

// The content of one zone: its pieces, or how many lie face down where the seat cannot look.
function zoneContent(pile, count) {
  if (pile === null || pile === undefined) return count ? faceDown(count) : element("span", {class: "empty", text: "–"});
  if (pile.length === 0) return element("span", {class: "empty", text: "–"});
  return pieces(pile);
}

// ------------------------------------------------------------------ the table

function renderTable(view, moment) {
  const table = $("table");
  table.replaceChildren();
  const onlooker = page.mode === "seat" && !page.viewer.everything;
  const who = view.seat !== null ? `The table as ${ownerName(view.seat)} sees it`
                                 : onlooker ? "The table as spectators see it" : "The whole table";
  table.append(element("h2", {class: "seen-by", text: who}));
  const games = (list) => list.filter((item) => !item.part);
  const zones = games(page.plan.zones), vars = games(page.plan.vars);
  const ofShape = (list, shape) => list.filter((item) => item.shape === shape);
  table.append(ownersGrid(view, ofShape(zones, "owners"), ofShape(vars, "owners"), moment));
  const empty = [];
  for (const grid of familyGrids(view, ofShape(zones, "indexed"), ofShape(vars, "indexed"), empty)) table.append(grid);
  if (view.parts && view.parts.length) table.append(partBoxes(view.parts));
  table.append(singleZones(view, ofShape(zones, "one"), empty));
  table.append(counters(view, ofShape(vars, "one")));
  if (view.lines && view.lines.length) {
    table.append(element("details", {class: "in-words"}, element("summary", {text: "The table in words"}),
      element("pre", {text: view.lines.join("\n")})));
  }
}

// Where a zone or var of the plan lies in a view or a part's: the game's by its name, a part's by its own.
function keyOf(item) {
  return item.part ? item.short : item.name;
}

function pileOf(view, item) {
  return {pile: view.zones[keyOf(item)], count: view.counts[keyOf(item)]};
}

// Each part in play in a box of its own, under its title: its zones, then its vars.
function partBoxes(parts) {
  const box = element("div", {class: "parts", "aria-label": "In play"});
  for (const part of parts) {
    const mine = (list) => list.filter((item) => item.part === part.name);
    const section = element("section", {class: "part", "aria-label": part.title}, element("h3", {text: part.title}));
    for (const zone of mine(page.plan.zones)) {
      const {pile, count} = pileOf(part, zone);
      if (zone.shape === "one") {
        section.append(element("div", {class: "part-zone"}, element("span", {class: "label", text: zone.label}), zoneContent(pile, count)));
      } else {
        const shaped = pile || count || {};
        const keys = zone.shape === "owners" ? page.names().map((_, owner) => owner) : Object.keys(shaped);
        const heading = (key) => (zone.shape === "owners" ? ownerName(key) : `${zone.label} ${key}`);
        section.append(element("div", {class: "part-zone"}, ...keys.map((key) => element("span", {class: "member"},
          element("span", {class: "label", text: heading(key)}),
          zoneContent(pile ? pile[key] : null, count ? count[key] : 0)))));
      }
    }
    const vars = mine(page.plan.vars);
    if (vars.length) {
      section.append(element("dl", {class: "counters"}, ...vars.flatMap((item) => {
        const value = part.vars[keyOf(item)];
        const text = typeof value === "object" && value !== null ? Object.entries(value).map(([k, v]) => `${k}: ${v}`).join(", ") : value;
        return [element("dt", {text: item.label}), element("dd", {text})];
      })));
    }
    box.append(section);
  }
  return box;
}

function ownersGrid(view, zones, vars, moment) {
  const names = page.names();
  const scored = moment && moment.scores;
  const head = element("tr", {}, element("th", {scope: "col", text: "owner"}),
    ...zones.map((zone) => element("th", {scope: "col", text: zone.label})),
    ...vars.map((item) => element("th", {scope: "col", class: "var", text: item.label})),
    scored ? element("th", {scope: "col", class: "var", text: "score"}) : null);
  // An imaginary player (neutral dice) has a row while it has pieces in a zone of its own.
  const holds = (owner) => zones.some((zone) => {
    const {pile, count} = pileOf(view, zone);
    return (pile && pile[owner] && pile[owner].length) || (count && count[owner]);
  });
  const rows = names.map((name, owner) => {
    if (owner >= page.setup.players && !holds(owner)) return null;
    const seat = owner < page.setup.players;
    const deciding = moment && moment.decision && moment.decision.seat === owner;
    const winner = moment && moment.winners && moment.winners.includes(owner);
    const who = seat && page.seats()[owner] ? `${name} · ${page.seats()[owner]}` : name;
    const cells = zones.map((zone) => {
      const {pile, count} = pileOf(view, zone);
      return element("td", {}, zoneContent(pile ? pile[owner] : null, count ? count[owner] : 0));
    });
    const values = vars.map((item) => element("td", {class: "var", text: (view.vars[item.name] || [])[owner] ?? ""}));
    const score = scored ? element("td", {class: "var", text: seat ? String(moment.scores[owner]) : ""}) : null;
    return element("tr", {class: [deciding ? "deciding" : "", winner ? "winner" : ""].join(" ").trim() || null},
      element("th", {scope: "row"}, element("span", {class: `swatch ${ownerClass(owner)}`}), who, winner ? " ★" : ""),
      ...cells, ...values, score);
  });
  return element("table", {class: "owners", "aria-label": "Owners"}, element("thead", {}, head), element("tbody", {}, ...rows));
}

// One grid per set of indexes: zone casino[1..6] and var winner[1..6] share columns 1..6.
// A family whose every member is empty is named in `empty` instead, to keep the table short.
function familyGrids(view, zones, vars, empty) {
  const groups = new Map();
  const keysOf = (shaped) => Object.keys(shaped || {});
  for (const zone of zones) {
    const {pile, count} = pileOf(view, zone);
    const keys = keysOf(pile || count);
    if (keys.every((index) => !(pile && pile[index] && pile[index].length) && !(count && count[index]))) {
      empty.push(zone.label);
      continue;
    }
    const key = keys.join("|");
    if (!groups.has(key)) groups.set(key, {keys, rows: []});
    groups.get(key).rows.push(element("tr", {}, element("th", {scope: "row", text: zone.label}),
      ...keys.map((index) => element("td", {}, zoneContent(pile ? pile[index] : null, count ? count[index] : 0)))));
  }
  for (const item of vars) {
    const keys = keysOf(view.vars[item.name]);
    const key = keys.join("|");
    if (!groups.has(key)) groups.set(key, {keys, rows: []});
    groups.get(key).rows.push(element("tr", {class: "var"}, element("th", {scope: "row", text: item.label}),
      ...keys.map((index) => element("td", {text: view.vars[item.name][index]}))));
  }
  return [...groups.values()].map(({keys, rows}) => element("table", {class: "family", "aria-label": `By index ${keys[0]} to ${keys[keys.length - 1]}`},
    element("thead", {}, element("tr", {}, element("th", {scope: "col", text: ""}),
      ...keys.map((index) => element("th", {scope: "col", text: index})))),
    element("tbody", {}, ...rows)));
}

// Zones of their own, each a box; the empty ones named in one line, to keep the table short.
function singleZones(view, zones, empty) {
  const box = element("div", {class: "zones"});
  for (const zone of zones) {
    const {pile, count} = pileOf(view, zone);
    if ((pile === undefined || pile === null || pile.length === 0) && !count) {
      empty.push(zone.label);
      continue;
    }
    box.append(element("section", {class: "zone", "aria-label": zone.label},
      element("h3", {text: zone.label}), zoneContent(pile, count)));
  }
  if (empty.length) box.append(element("p", {class: "empties", text: `empty: ${empty.join(", ")}`}));
  return box;
}

function counters(view, vars) {
  return element("dl", {class: "counters", "aria-label": "Counters"},
    ...vars.flatMap((item) => [element("dt", {text: item.label}), element("dd", {text: view.vars[item.name]})]));
}

// ------------------------------------------------------------------ transcript

// The transcript's lines; a decision's line names the option taken, and a click on it lists
// every option it had (`offered`, by the line's number).
function renderTranscript(lines, offered) {
  const list = $("transcript");
  const live = page.mode === "play" || page.mode === "seat";
  const fresh = live && lines.length >= page.shownLines ? page.shownLines : lines.length;
  list.replaceChildren(...lines.map((line, k) => {
    const options = (offered || {})[String(k)];
    const classes = [line.startsWith("turn ") ? "turn" : "", line.trim().startsWith("> ") ? "choice" : "",
                     k >= fresh ? "new" : ""].join(" ").trim() || null;
    if (!options) return element("li", {class: classes, text: line || " "});
    return element("li", {class: classes}, element("details", {},
      element("summary", {text: line, title: "Every option it had"}),
      element("ul", {class: "offered"}, ...options.map((option) => element("li", {text: option})))));
  }));
  page.shownLines = lines.length;
  const story = $("story");
  story.scrollTop = story.scrollHeight;
}
