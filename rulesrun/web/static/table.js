// The table in a browser: asks the server's JSON API (docs/web.md) and wires the page: the
// question, playing (hot-seat, or one seat of a table over the network), replaying, keys.
// tabletop.js, loaded before it, draws the table and the transcript. The server puts every
// value in words and runs every rule and bot.
"use strict";

const $ = (id) => document.getElementById(id);

// What the page is showing: the server's setup, and either a live game or a replay.
const page = {
  setup: null,
  plan: null,
  mode: "play",        // "play" (hot-seat), "seat" (one seat over the network) or "replay"
  viewer: null,        // over the network: whose link this is ({seat, everything})
  game: null,          // key of the live game
  moment: null,        // its last state
  replay: null,        // key of the replay shown
  summary: null,       // its timeline
  steps: new Map(),    // steps fetched, by index
  step: 0,
  playing: null,       // the timer of a playback
  busy: false,
  shownSeat: null,     // whose table is on screen (hot-seat: the curtain falls between people)
  shownLines: 0,       // transcript lines shown so far, to mark the new ones
  // The token the server gave this page with its first game: it holds this page's games, and
  // without it the server finds none of them. Kept for the tab's life, so a reload finds them.
  token: sessionStorage.getItem("rulesrun-token"),
};

// The server's answer to a GET of `path`, or to a POST of `body` as JSON, sent with this page's token.
async function fetched(path, body) {
  const headers = page.token ? {"X-Rulesrun-Token": page.token} : {};
  const options = body === undefined ? {headers} :
    {method: "POST", headers: {...headers, "Content-Type": "application/json"}, body: JSON.stringify(body)};
  return fetch(path, options);
}

function keepToken(made) {
  if (!made.token) return;
  page.token = made.token;
  sessionStorage.setItem("rulesrun-token", made.token);
}

// Over the network the link carries the seat's token (`#token=...`): kept for the tab's life,
// so a reload finds the seat again, and taken out of the address bar, which others may see.
function seatToken() {
  const given = new URLSearchParams(location.hash.slice(1)).get("token");
  if (given) {
    sessionStorage.setItem("rulesrun-seat", given);
    history.replaceState(null, "", location.pathname);
  }
  return sessionStorage.getItem("rulesrun-seat");
}

async function api(path, body) {
  const response = await fetched(path, body);
  const text = await response.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    data = {error: `${response.status} ${response.statusText}: ${text.slice(0, 200)}`};
  }
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

function say(text) {
  $("status").textContent = text;
}

function element(tag, attributes, ...children) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") made.textContent = value;
    else if (name === "class") made.className = value;
    else made.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) made.append(child);
  }
  return made;
}

// ------------------------------------------------------------------ the question

function renderQuestion(moment) {
  const box = $("question");
  box.replaceChildren();
  if (moment.error) {
    box.append(element("h2", {text: "The game stopped"}), element("pre", {class: "error", text: moment.error}));
    return;
  }
  if (moment.over) {
    box.append(element("h2", {text: "Game over"}), element("pre", {class: "standing", text: moment.standing}));
    if (page.mode === "play") {
      box.append(element("div", {class: "after"},
        element("button", {type: "button", id: "review", text: "Review this game"}),
        element("button", {type: "button", id: "download", text: "Download the log"})));
      $("review").addEventListener("click", review);
      $("download").addEventListener("click", downloadLog);
    } else if (page.mode === "seat" && moment.can_deal) {
      box.append(element("div", {class: "after"}, element("button", {type: "button", id: "next", text: "Next game"})));
      $("next").addEventListener("click", nextGame);
    }
    return;
  }
  const decision = moment.decision;
  const chosen = page.mode === "replay" ? moment.chosen : null;
  const waiting = page.mode === "seat" && !decision.yours;
  box.append(element("h2", {}, element("span", {class: `swatch ${ownerClass(decision.seat)}`}),
    `${waiting ? "Waiting for " : ""}${ownerName(decision.seat)}: ${decision.prompt}`));
  const list = element("ol", {class: "options"});
  choicesOf(decision).forEach((choice, index) => {
    const key = index < 9 ? String(index + 1) : index === 9 ? "0" : null;
    const taken = choice.options.includes(chosen);
    const button = element("button", {
      type: "button", class: taken ? "option chosen" : "option",
      "aria-label": `Option ${index + 1}: ${choice.words}${taken ? " (chosen)" : ""}`,
      "aria-keyshortcuts": key, disabled: page.mode === "replay" || waiting || page.busy,
    }, element("kbd", {text: key || " "}), element("span", {text: choice.words}));
    button.addEventListener("click", () => answer(choice.options[0]));
    list.append(element("li", {}, button));
  });
  box.append(list);
  if (page.mode === "play" || (page.mode === "seat" && decision.yours)) {
    box.append(element("p", {class: "hint", text: "Keys: 1–9 (0 for 10) answer, u undoes; Tab and Enter work too."}));
  }
}

// The buttons of a decision: its choices, each answering with its first option (options that
// read the same are one choice where they are the same move, else told apart, by the server).
function choicesOf(decision) {
  return decision.choices || decision.options.map((label, index) => ({words: (decision.words || [])[index] || label, options: [index]}));
}

// ------------------------------------------------------------------ playing

function showMoment(moment) {
  page.moment = moment;
  $("undo").disabled = !moment.can_undo || page.busy;
  const seat = moment.decision ? moment.decision.seat : null;
  const people = page.seats().filter((spec) => spec === "human").length;
  const pass = page.mode === "play" && page.plan.private && people > 1 && seat !== null && page.shownSeat !== null &&
    seat !== page.shownSeat;
  page.shownSeat = seat;
  renderTranscript(moment.transcript, moment.offered);
  renderTable(moment.view, moment);
  renderQuestion(moment);
  if (pass) curtain(`Pass the screen to ${ownerName(seat)}.`);
  else focusFirstOption();
}

function focusFirstOption() {
  const first = document.querySelector("#question button.option:not([disabled])");
  if (first && !document.activeElement.closest("#controls")) first.focus();
}

function curtain(text) {
  $("curtain-text").textContent = text;
  $("curtain").hidden = false;
  document.body.classList.add("covered");
  $("reveal").focus();
}

async function busyWith(text, work) {
  if (page.busy) return;
  page.busy = true;
  document.body.classList.add("busy");
  say(text);
  document.querySelectorAll("#question button.option").forEach((button) => { button.disabled = true; });
  try {
    say((await work()) || "");
  } catch (error) {
    say(error.message);
    if (error.status === 404 && page.mode === "play") await newGame(null);
  } finally {
    page.busy = false;
    document.body.classList.remove("busy");
    if (page.moment && (page.mode === "play" || page.mode === "seat")) {
      if (page.mode === "play" || (page.moment.decision && page.moment.decision.yours)) {
        document.querySelectorAll("#question button.option").forEach((button) => { button.disabled = false; });
      }
      $("undo").disabled = !page.moment.can_undo;
    }
  }
}

async function newGame(seed) {
  page.mode = "play";
  page.shownLines = 0;
  page.shownSeat = null;
  stopPlayback();
  $("timeline").hidden = true;
  $("undo").hidden = false;
  await busyWith("Dealing a new game…", async () => {
    const moment = await api("/api/games", {seed});
    keepToken(moment);
    page.game = moment.game;
    $("seed").value = moment.seed;
    history.replaceState(null, "", `#game=${moment.game}`);
    showMoment(moment);
  });
  // Bots in every seat: the game is over at once; watch it on the timeline.
  if (page.moment && page.moment.over && !page.moment.error && !page.seats().includes("human")) await review();
}

async function answer(index) {
  if (page.mode === "seat") return answerAtSeat(index);
  if (page.mode !== "play" || !page.moment || !page.moment.decision) return;
  await busyWith("Bots are playing…", async () => {
    showMoment(await api(`/api/games/${page.game}/answer`, {option: index, answered: page.moment.answered}));
  });
}

async function undo() {
  if (page.mode === "seat") return undoAtSeat();
  if (page.mode !== "play" || !page.moment || !page.moment.can_undo) return;
  await busyWith("Going back…", async () => {
    page.shownLines = 0;
    showMoment(await api(`/api/games/${page.game}/undo`, {}));
    return "Undone: back to the last decision a person answered.";
  });
}

async function review() {
  await busyWith("Preparing the replay…", async () => {
    const made = await api(`/api/games/${page.game}/review`, {});
    keepToken(made);
    history.replaceState(null, "", `#replay=${made.replay}`);
    await openReplay(made.replay);
  });
}

// The log comes with the token, which a plain link cannot send: fetched, then saved from memory.
async function downloadLog() {
  await busyWith("Fetching the log…", async () => {
    const response = await fetched(`/api/games/${page.game}/log`);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}: the log could not be fetched`);
    const saved = element("a", {href: URL.createObjectURL(await response.blob()), download: `game-${page.moment.seed}.jsonl`});
    saved.click();
    setTimeout(() => URL.revokeObjectURL(saved.href), 60000);   // once the browser has saved it
  });
}

// ------------------------------------------------------------------ one seat over the network

async function answerAtSeat(index) {
  if (!page.moment || !page.moment.decision || !page.moment.decision.yours) return;
  await busyWith("Bots are playing…", async () => {
    showMoment(await api("/api/seat/answer", {option: index, version: page.moment.version}));
  });
}

async function undoAtSeat() {
  if (!page.moment || !page.moment.can_undo) return;
  await busyWith("Going back…", async () => {
    page.shownLines = 0;
    showMoment(await api("/api/seat/undo", {}));
    return "Undone: back to before your last answer.";
  });
}

async function nextGame() {
  await busyWith("Dealing the next game…", async () => {
    page.shownLines = 0;
    showMoment(await api("/api/seat/next", {}));
  });
}

// A moment from the stream of events: shown unless the page shows that version or a later one
// already (an answer's own reply can overtake an event the server made just before it).
function heard(moment) {
  if (page.moment && page.moment.version >= moment.version) return;
  const before = page.moment;
  if (before && before.over && !moment.over) {
    page.shownLines = 0;
    showMoment(moment);
    say("The next game is dealt.");
    return;
  }
  showMoment(moment);
  if (before && moment.answered < before.answered) say("Someone took back their last answer.");
  else if (moment.decision && moment.decision.yours) say("Your turn.");
  else say("");
}

// The server's events (server-sent events, read with fetch, which sends the token): the seat's
// moment at once and after each change; when the stream ends or breaks, open it again.
async function listen() {
  for (;;) {
    try {
      const response = await fetched("/api/seat/events");
      if (response.status === 404) {
        say("This link holds no seat any more: the server was restarted or the game is gone.");
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let pending = "";
      for (;;) {
        const {value, done} = await reader.read();
        if (done) break;
        pending += value;
        let end;
        while ((end = pending.indexOf("\n\n")) >= 0) {
          const lines = pending.slice(0, end).split("\n");
          pending = pending.slice(end + 2);
          const data = lines.filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
          if (data) heard(JSON.parse(data));
        }
      }
    } catch (error) {
      say(`Lost the server (${error.message}); trying again…`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function fetchedSeat(token) {
  page.token = token;
  return api("/api/seat");
}

async function startSeat(setup) {
  page.viewer = setup.moment.viewer;
  const who = page.viewer.seat === null ? "spectators" : `seat ${page.viewer.seat}`;
  $("title").textContent = `${page.plan.title} · ${who}`;
  document.title = `${page.plan.title} · ${who} · rulesrun`;
  $("new-game").hidden = true;
  $("undo").hidden = page.viewer.seat === null;
  $("undo").title = "Take back your last answer, until another person answers (key u)";
  showMoment(setup.moment);
  listen();
}

// ------------------------------------------------------------------ replaying

async function openReplay(key) {
  page.mode = "replay";
  page.replay = key;
  page.steps = new Map();
  page.summary = await api(`/api/replays/${key}`);
  $("seed").value = page.summary.seed;
  $("undo").hidden = true;
  $("timeline").hidden = false;
  const steps = page.summary.steps;
  $("scrub").max = steps.length - 1;
  const turns = $("turn");
  turns.replaceChildren();
  const seen = new Set();
  steps.forEach((step, index) => {
    if (step.seat === null || seen.has(step.turn)) return;
    seen.add(step.turn);
    turns.append(element("option", {value: index, text: `turn ${step.turn}`}));
  });
  turns.append(element("option", {value: steps.length - 1, text: "the end"}));
  await showStep(0);
}

async function stepAt(index) {
  if (!page.steps.has(index)) page.steps.set(index, await api(`/api/replays/${page.replay}/steps/${index}`));
  return page.steps.get(index);
}

async function showStep(index) {
  const steps = page.summary.steps;
  index = Math.max(0, Math.min(steps.length - 1, index));
  const step = await stepAt(index);
  page.step = index;
  $("scrub").value = index;
  const turnOption = [...$("turn").options].filter((option) => Number(option.value) <= index).pop();
  if (turnOption) $("turn").value = turnOption.value;
  $("where").textContent = step.over ? `the end (step ${index + 1} of ${steps.length})`
                                     : `step ${index + 1} of ${steps.length}, turn ${step.turn}`;
  renderTranscript(step.transcript, step.offered);
  renderTable(step.view, step);
  renderQuestion(step);
  if (step.over) stopPlayback();
}

function playback() {
  if (page.playing) {
    stopPlayback();
    return;
  }
  if (page.step >= page.summary.steps.length - 1) showStep(0);
  $("playback").setAttribute("aria-label", "Pause");
  $("playback").textContent = "Pause";
  const tick = async () => {
    if (!page.playing) return;
    await showStep(page.step + 1);
    if (page.playing) page.playing = setTimeout(tick, 1000 / Number($("speed").value));
  };
  page.playing = setTimeout(tick, 1000 / Number($("speed").value));
}

function stopPlayback() {
  if (page.playing) clearTimeout(page.playing);
  page.playing = null;
  $("playback").setAttribute("aria-label", "Play back");
  $("playback").textContent = "Play";
}

// ------------------------------------------------------------------ wiring

page.names = () => (page.mode === "replay" ? page.summary.names : page.moment ? page.moment.names : []);
page.seats = () => (page.mode === "replay" ? page.summary.seats : page.setup.seats);

function onKey(event) {
  if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (!$("curtain").hidden) return;
  if (page.mode === "play" || page.mode === "seat") {
    if (/^[0-9]$/.test(event.key)) {
      const index = event.key === "0" ? 9 : Number(event.key) - 1;
      const choices = page.moment && page.moment.decision ? choicesOf(page.moment.decision) : [];
      if (index < choices.length) {
        event.preventDefault();
        answer(choices[index].options[0]);
      }
    } else if (event.key === "u") {
      event.preventDefault();
      undo();
    }
    return;
  }
  const moves = {ArrowLeft: -1, ArrowRight: 1};
  if (event.key in moves) {
    event.preventDefault();
    stopPlayback();
    showStep(page.step + moves[event.key]);
  } else if (event.key === "Home" || event.key === "End") {
    event.preventDefault();
    stopPlayback();
    showStep(event.key === "Home" ? 0 : page.summary.steps.length - 1);
  } else if (event.key === " " && !event.target.closest("button")) {
    event.preventDefault();
    playback();
  }
}

async function start() {
  const seat = seatToken();
  if (seat) {
    try {
      page.setup = await fetchedSeat(seat);
    } catch (error) {
      // A token of another server at this address (one restarted, or now a hot-seat table).
      if (error.status !== 404) throw error;
      sessionStorage.removeItem("rulesrun-seat");
      page.token = sessionStorage.getItem("rulesrun-token");
    }
  }
  if (!page.setup) page.setup = await api("/api/setup");
  page.plan = page.setup.plan;
  page.mode = page.setup.mode;
  $("title").textContent = page.plan.title;
  document.title = `${page.plan.title} · rulesrun`;
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("seed").value.trim();
    newGame(text === "" ? null : Number(text));
  });
  $("undo").addEventListener("click", undo);
  $("reveal").addEventListener("click", () => {
    $("curtain").hidden = true;
    document.body.classList.remove("covered");
    focusFirstOption();
  });
  $("first").addEventListener("click", () => { stopPlayback(); showStep(0); });
  $("back").addEventListener("click", () => { stopPlayback(); showStep(page.step - 1); });
  $("forward").addEventListener("click", () => { stopPlayback(); showStep(page.step + 1); });
  $("last").addEventListener("click", () => { stopPlayback(); showStep(page.summary.steps.length - 1); });
  $("playback").addEventListener("click", playback);
  $("scrub").addEventListener("input", () => { stopPlayback(); showStep(Number($("scrub").value)); });
  $("turn").addEventListener("change", () => { stopPlayback(); showStep(Number($("turn").value)); });
  document.addEventListener("keydown", onKey);

  const wanted = new URLSearchParams(location.hash.slice(1));
  if (page.setup.mode === "seat") {
    await startSeat(page.setup);
  } else if (page.setup.mode === "replay") {
    $("new-game").hidden = true;
    await openReplay(page.setup.replay);
  } else if (wanted.get("replay")) {
    try {
      await openReplay(wanted.get("replay"));
    } catch (error) {
      say(error.message);
      await newGame(page.setup.seed);
    }
  } else if (wanted.get("game")) {
    page.game = wanted.get("game");
    try {
      const moment = await api(`/api/games/${page.game}`);
      $("seed").value = moment.seed;
      showMoment(moment);
    } catch (error) {
      await newGame(page.setup.seed);
    }
  } else {
    await newGame(page.setup.seed);
  }
  document.body.dataset.ready = "true";
}

start().catch((error) => say(`The page could not start: ${error.message}`));
