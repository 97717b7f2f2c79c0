// Dawn's progressive enhancements. Every page works without this file.
"use strict";

const buzz = () => { if (navigator.vibrate) navigator.vibrate(10); };

// Preselect the browser's time zone on the setup form, when the list has it.
for (const select of document.querySelectorAll("select[data-detect-time-zone]")) {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (select.value === "UTC" && zone && [...select.options].some((o) => o.value === zone)) {
      select.value = zone;
    }
  } catch (_) {
    // No Intl: the member picks from the list.
  }
}

// The habit form: picking a custom colour ticks the "Custom" swatch (the server takes a
// picked colour as custom either way).
for (const picker of document.querySelectorAll("input[type=color][name=custom_color]")) {
  picker.addEventListener("input", () => {
    const custom = picker.form && picker.form.querySelector("input[name=color][value=custom]");
    if (custom) custom.checked = true;
  });
}

// The day strips: the timeline row and the date grid.
const visibleCircles = (strip) => [...strip.querySelectorAll(".c")].filter((c) => c.offsetParent !== null);

// Arrow keys move by day (and by row in the grid); only the selected day is a tab stop.
function keyboard(strip, columns) {
  const circles = visibleCircles(strip);
  // The selected day may be one the grid hides at this width: then the newest visible one.
  const selected = circles.find((c) => c.getAttribute("aria-current") === "date") || circles[circles.length - 1];
  for (const c of circles) c.tabIndex = c === selected ? 0 : -1;
  strip.addEventListener("keydown", (event) => {
    const list = visibleCircles(strip);
    const i = list.indexOf(document.activeElement);
    if (i < 0) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns(), ArrowDown: columns() }[event.key];
    let j = step === undefined ? { Home: 0, End: list.length - 1 }[event.key] : i + step;
    if (j === undefined || step === 0) return;
    event.preventDefault();
    j = Math.max(0, Math.min(list.length - 1, j));
    list[i].tabIndex = -1;
    list[j].tabIndex = 0;
    list[j].focus();
  });
}

const row = document.querySelector("[data-row]");
if (row) {
  // Centre the selected day; on a day page the row does not reach (a day long ago), today.
  const selected = row.querySelector("[aria-current=date]") || row.querySelector(".c.today");
  if (selected) {
    const offset = selected.getBoundingClientRect().left - row.getBoundingClientRect().left;
    row.scrollLeft += offset - (row.clientWidth - selected.offsetWidth) / 2;
  }
  row.addEventListener("click", (event) => { if (event.target.closest(".c")) buzz(); });
  keyboard(row, () => 0);
}

const grid = document.querySelector("[data-scrub]");
if (grid) {
  const columns = () => parseInt(getComputedStyle(grid).getPropertyValue("--cols"), 10) || 7;
  keyboard(grid, columns);
  const original = grid.querySelector(".c.selected");
  let scrubbing = false;
  let current = null;
  let suppressClick = false;

  const circleAt = (x, y) => {
    const hit = document.elementFromPoint(x, y);
    const circle = hit && hit.closest(".c");
    return circle && grid.contains(circle) ? circle : null;
  };
  const select = (circle) => {
    if (!circle || circle === current) return;
    grid.querySelector(".c.selected")?.classList.remove("selected");
    circle.classList.add("selected");
    current = circle;
    buzz();
  };
  grid.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const circle = circleAt(event.clientX, event.clientY);
    if (!circle) return;
    scrubbing = true;
    current = original;
    grid.setPointerCapture(event.pointerId);
    select(circle);
    event.preventDefault();
  });
  grid.addEventListener("pointermove", (event) => {
    if (scrubbing) select(circleAt(event.clientX, event.clientY));
  });
  grid.addEventListener("pointerup", () => {
    if (!scrubbing) return;
    scrubbing = false;
    suppressClick = true;
    if (current) location.href = current.href;
  });
  grid.addEventListener("pointercancel", () => {
    scrubbing = false;
    current?.classList.remove("selected");
    original?.classList.add("selected");
  });
  // The pointer already navigated; keyboard activation (Enter) still follows the link.
  grid.addEventListener("click", (event) => {
    if (suppressClick && event.target.closest(".c")) event.preventDefault();
    suppressClick = false;
  });
}

// The habit tray and the day timeline. Without this, a pill leads to the log
// form and a block to its edit form; with it, a pill can be dragged onto a 15-minute slot
// to log the habit there, and a block can be dragged up or down to move it.
//
// Pointer events, one code path for mouse, pen and touch:
// - mouse: pressing a pill and moving 5 px starts the drag; a block follows a vertical move;
// - touch and pen: a long press (250 ms) picks up a pill or a block; on a tray pill a
//   mostly vertical move also picks it up at once. Tray pills are `touch-action: pan-x`,
//   so a sideways swipe still scrolls the strip (the browser takes it and we let go) and
//   a vertical move comes to us instead of scrolling the page; blocks and library pills
//   keep the page's (or library's) own scrolling until the long press.
// Once picked up, touch moves are cancelled so the page does not scroll under the finger;
// near the top of the window or just above the tray the page scrolls after a short dwell.
// A plain click or tap still follows the link; Escape or a drop off the timeline cancels.
const timelineCard = document.getElementById("timeline");
if (timelineCard && timelineCard.dataset.day) habitDrags(timelineCard);

function habitDrags(card) {
  const dayURL = card.dataset.day;
  const csrf = document.querySelector("input[name=csrf]")?.value;
  const tray = document.getElementById("tray");
  if (!csrf || !tray) return;
  const DAY = 1440, SLOT = 15, SLOTS = 96;
  const firstHour = card.dataset.dayStart || "00:00";
  const startHour = parseInt(firstHour, 10) || 0;
  const pad = (n) => String(n).padStart(2, "0");
  const mod = (n) => ((n % DAY) + DAY) % DAY;
  // Timeline minutes count from the day-start hour; the server speaks wall-clock "HH:MM".
  const wall = (minute) => { const m = mod(startHour * 60 + minute); return pad(Math.floor(m / 60)) + ":" + pad(m % 60); };
  const minuteOf = (label) => { const [h, m] = label.split(":").map(Number); return mod(h * 60 + m - startHour * 60); };
  const clamp = (n, lo, hi) => Math.max(lo, Math.min(hi, n));
  const slotClass = (el, prefix, value) => {
    for (const c of [...el.classList]) if (c.startsWith(prefix)) el.classList.remove(c);
    el.classList.add(prefix + value);
  };

  // The compact timeline: the shown hours and a fold (<details>) before and after
  // them, each part a list of blocks holding slots from..from+span-1 of the day's 96.
  const frame = card.querySelector(".day-timeline");
  if (!frame) return;
  const parts = [...frame.querySelectorAll(".blocks")];
  const range = (ol) => ({ from: +ol.dataset.from || 0, span: +ol.dataset.span || SLOTS });
  // A part inside a closed fold is not drawn, yet Chromium still lays it out and reports its
  // box (over the hours below the fold): only parts on screen take a drop or a moved block.
  const shown = (ol) => !ol.closest("details:not([open])") && ol.getClientRects().length > 0 && ol.getBoundingClientRect().height > 0;

  // Back on the page after a drop, where we were.
  try {
    const saved = JSON.parse(sessionStorage.getItem("dawn.scroll") || "null");
    sessionStorage.removeItem("dawn.scroll");
    if (saved && saved.path === location.pathname) window.scrollTo(0, saved.y);
  } catch (_) {
    // No sessionStorage: the page opens at the top.
  }

  let press = null;   // a pointer down on a pill or block, not yet a drag
  let drag = null;    // what is being dragged
  let busy = false;   // a drop is on its way to the server
  let suppressClick = false;
  let last = { x: 0, y: 0 };

  // What is under the point: a slot of a shown part ({ slot, ol }), a closed fold ({ fold }),
  // or null when the point is not on the timeline (or is under the tray).
  const slotAt = (x, y) => {
    const hit = document.elementFromPoint(x, y);
    if (!hit || !frame.contains(hit)) return null;
    const fold = hit.closest("details.fold");
    if (fold && (!fold.open || hit.closest("summary"))) return { fold };
    for (const ol of parts) {
      if (!shown(ol)) continue;
      const r = ol.getBoundingClientRect();
      if (y < r.top || y >= r.bottom) continue;
      const { from, span } = range(ol);
      return { ol, slot: from + clamp(Math.floor((y - r.top) / (r.height / span)), 0, span - 1) };
    }
    return null;
  };
  // Dropping (or lingering) on a fold opens it, so its hours are there to drop on.
  const overFold = (fold) => {
    for (const f of frame.querySelectorAll("details.fold.drop-over")) if (f !== fold) f.classList.remove("drop-over");
    if (fold) fold.classList.add("drop-over");
  };

  // What the forms say: the log form's default duration, the edit form's duration, note and
  // version (so a move based on a log another device changed meanwhile is refused, not applied).
  const formValues = (url) => fetch(url, { credentials: "same-origin" }).then((r) => {
    if (!r.ok) throw new Error(r.status);
    return r.text();
  }).then((html) => {
    const form = new DOMParser().parseFromString(html, "text/html").querySelector("form input[name=duration]")?.form;
    if (!form) throw new Error("no form");
    return Object.fromEntries(["start", "duration", "note", "version"].map((n) => [n, form.elements[n]?.value ?? ""]));
  });

  // POSTs like the form would, then shows the day again (keeping the scroll position). When the
  // server refuses (nothing written), the same fields go as a real form so its message shows.
  const send = (url, fields) => {
    busy = true;
    document.documentElement.classList.add("habit-sending");
    const body = new URLSearchParams({ csrf, ...fields });
    fetch(url, { method: "POST", body, credentials: "same-origin" }).then((r) => {
      if (r.ok && r.redirected) {
        try { sessionStorage.setItem("dawn.scroll", JSON.stringify({ path: location.pathname, y: window.scrollY })); } catch (_) {}
        location.replace(r.url);
      } else {
        const form = Object.assign(document.createElement("form"), { method: "post", action: url });
        form.hidden = true;
        for (const [name, value] of body) form.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
        document.body.append(form);
        form.submit();
      }
    }, () => location.reload());
  };

  // ---- pressing
  const onPressStart = (event) => {
    if (busy || drag || press || !event.isPrimary) return;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const pill = event.target.closest(".habit-pill[data-habit]");
    const block = !pill && event.target.closest(".block");
    if (!pill && !block) return;
    press = { pill, block, id: event.pointerId, type: event.pointerType, x: event.clientX, y: event.clientY,
              inStrip: !!(pill && pill.closest(".tray-strip")) };
    last = { x: event.clientX, y: event.clientY };
    if (press.type !== "mouse") press.timer = setTimeout(() => pickUp(), 250);
  };
  tray.addEventListener("pointerdown", onPressStart);
  frame.addEventListener("pointerdown", onPressStart);

  const endPress = () => { if (press) clearTimeout(press.timer); press = null; };

  const pickUp = () => {
    const p = press;
    endPress();
    if (!p || busy) return;
    if (p.pill) {
      const rect = p.pill.getBoundingClientRect();
      const ghost = document.createElement("span");
      ghost.className = p.pill.className + " drag-ghost";
      ghost.setAttribute("aria-hidden", "true");
      for (const child of p.pill.childNodes) ghost.append(child.cloneNode(true));
      document.body.append(ghost);
      const mark = document.createElement("li");
      mark.className = "slot-mark " + [...p.pill.classList].filter((c) => /^habit-\d+$/.test(c)).join(" ");
      mark.setAttribute("aria-hidden", "true");
      mark.hidden = true;
      parts[0].append(mark);
      drag = { kind: "pill", pill: p.pill, id: p.id, ghost, mark, dx: p.x - rect.left, dy: p.y - rect.top, slot: null,
               slots: 1, values: formValues(p.pill.href) };
      drag.values.then((v) => { drag && drag.pill === p.pill && (drag.slots = Math.max(1, Math.ceil((+v.duration || SLOT) / SLOT))); update(); }, () => {});
      // From the open library: fold it away so the timeline shows.
      const library = p.pill.closest("details");
      if (library) library.open = false;
    } else {
      const link = p.block.querySelector("a");
      const times = (p.block.querySelector(".block-time")?.textContent || "").match(/\d\d:\d\d/g) || [];
      if (times.length < 2) return;
      const at = [...p.block.classList].find((c) => /^at-\d+$/.test(c));
      const startMinute = minuteOf(times[0]);
      const ol = p.block.closest(".blocks");
      const under = slotAt(p.x, p.y);
      drag = { kind: "block", block: p.block, link, id: p.id, at: at ? +at.slice(3) : Math.floor(startMinute / SLOT),
               startMinute, endMinute: startMinute + mod(minuteOf(times[1]) - startMinute), ol,
               from: under && under.ol ? under.slot : null, delta: 0, values: formValues(link.href),
               time: p.block.querySelector(".block-time"), timeText: p.block.querySelector(".block-time").textContent };
      drag.values.catch(() => {});
      p.block.classList.add("dragging");
      ol.classList.add("moving");
    }
    document.documentElement.classList.add("habit-dragging");
    buzz();
    update();
  };

  window.addEventListener("pointermove", (event) => {
    if (press && event.pointerId === press.id) {
      const dx = event.clientX - press.x, dy = event.clientY - press.y;
      const far = Math.hypot(dx, dy);
      if (press.type === "mouse") {
        if (far > 5 && (press.pill || Math.abs(dy) > Math.abs(dx))) pickUp();
        else if (far > 5) endPress();
      } else if (press.inStrip && Math.abs(dy) > 8 && Math.abs(dy) > Math.abs(dx)) {
        pickUp();
      } else if (far > 8) {
        endPress(); // a swipe or a scroll: the browser's
      }
    }
    if (drag && event.pointerId === drag.id) {
      last = { x: event.clientX, y: event.clientY };
      update();
    }
  });

  // Where the pointer is now: move the ghost and the slot mark, or the block.
  const update = () => {
    if (!drag) return;
    const { x, y } = last;
    if (drag.kind === "pill") {
      drag.ghost.style.translate = `${x - drag.dx}px ${y - drag.dy}px`;
      const at = slotAt(x, y);
      drag.slot = at && at.ol ? at.slot : null;
      drag.fold = at && at.fold ? at.fold : null;
      overFold(drag.fold);
      lingerOnFold();
      drag.mark.hidden = drag.slot === null;
      if (drag.slot !== null) {
        if (drag.mark.parentNode !== at.ol) at.ol.append(drag.mark);
        slotClass(drag.mark, "at-", drag.slot);
        slotClass(drag.mark, "len-", Math.min(drag.slots, SLOTS - drag.slot));
        drag.mark.textContent = wall(drag.slot * SLOT);
      }
    } else {
      // By whole slots, as far as the pointer has moved on the grid; into an open fold's hours
      // too (the block moves to that part), never into a closed fold's.
      const under = slotAt(x, y);
      drag.fold = under && under.fold ? under.fold : null;
      lingerOnFold();
      const delta = under && under.ol && drag.from !== null ? clamp(under.slot - drag.from, -drag.at, SLOTS - 1 - drag.at) : drag.delta;
      const top = drag.at + delta;
      const part = parts.find((ol) => { const r = range(ol); return top >= r.from && top < r.from + r.span && shown(ol); });
      if (delta !== drag.delta && part) {
        drag.delta = delta;
        if (drag.block.parentNode !== part) part.append(drag.block);
        slotClass(drag.block, "at-", drag.at + delta);
        drag.time.textContent = wall(drag.startMinute + delta * SLOT) + "–" + wall(drag.endMinute + delta * SLOT);
        buzz();
      }
    }
    autoScroll();
  };

  // Near the top of the window or just above the tray, after a short dwell, the page scrolls.
  let edgeSince = 0, frameRequest = 0;
  const autoScroll = () => {
    if (!drag || frameRequest) return;
    const trayTop = tray.getBoundingClientRect().top;
    const zone = 40;
    const speed = last.y < zone ? -(zone - last.y) : (last.y > trayTop - zone && last.y < trayTop) ? zone - (trayTop - last.y) : 0;
    if (!speed) { edgeSince = 0; return; }
    const now = performance.now();
    if (!edgeSince) edgeSince = now;
    frameRequest = requestAnimationFrame(() => {
      frameRequest = 0;
      if (!drag) return;
      if (performance.now() - edgeSince > 300) window.scrollBy(0, Math.sign(speed) * Math.min(12, Math.abs(speed) / 3 + 1));
      update();
    });
  };
  window.addEventListener("scroll", () => { if (drag) update(); }, { passive: true });

  // A pill held over a closed fold for a moment opens it.
  let linger = null;
  const lingerOnFold = () => {
    const fold = drag && drag.fold && !drag.fold.open ? drag.fold : null;
    if (linger && linger.fold === fold) return;
    if (linger) clearTimeout(linger.timer);
    linger = fold && { fold, timer: setTimeout(() => { linger = null; if (drag && drag.fold === fold) { fold.open = true; update(); } }, 600) };
  };

  const finish = () => {
    if (!drag) return null;
    const d = drag;
    drag = null;
    edgeSince = 0;
    overFold(null);
    if (linger) { clearTimeout(linger.timer); linger = null; }
    document.documentElement.classList.remove("habit-dragging");
    d.ghost?.remove();
    suppressClick = true; // until the button or finger is up: no click on what was under it
    return d;
  };
  const cancel = () => {
    endPress();
    const d = finish();
    if (!d) return;
    d.mark?.remove();
    if (d.block) {
      if (d.block.parentNode !== d.ol) d.ol.append(d.block);
      slotClass(d.block, "at-", d.at);
      d.time.textContent = d.timeText;
      d.block.classList.remove("dragging");
      d.ol.classList.remove("moving");
    }
  };

  window.addEventListener("pointerup", (event) => {
    if (suppressClick) setTimeout(() => { suppressClick = false; }, 0);
    if (press && event.pointerId === press.id) endPress();
    if (!drag || event.pointerId !== drag.id) return;
    last = { x: event.clientX, y: event.clientY };
    update();
    const d = drag;
    if (d.kind === "pill") {
      if (d.slot === null && d.fold) {
        const fold = d.fold;
        cancel();
        fold.open = true;
        buzz();
        return;
      }
      if (d.slot === null) return cancel();
      finish();
      buzz();
      d.mark.classList.add("pending");
      const habit = d.pill.dataset.habit, start = wall(d.slot * SLOT);
      d.values.then((v) => send(`${dayURL}/instances`, { habit, start, duration: v.duration, note: "" }),
                    () => { location.href = d.pill.href; });
    } else {
      if (d.delta === 0) return cancel();
      finish();
      buzz();
      d.block.classList.add("pending");
      const start = wall(d.startMinute + d.delta * SLOT);
      d.values.then((v) => send(d.link.getAttribute("href"), { start, duration: v.duration, note: v.note, version: v.version }),
                    () => { location.href = d.link.href; });
    }
  });
  window.addEventListener("pointercancel", (event) => {
    if ((press && event.pointerId === press.id) || (drag && event.pointerId === drag.id)) cancel();
    suppressClick = false; // no click follows a cancelled pointer
  });
  window.addEventListener("keydown", (event) => { if (event.key === "Escape" && drag) cancel(); });
  window.addEventListener("blur", cancel);

  // Once something is picked up, a finger moves it rather than the page.
  const holdStill = (event) => { if (drag && event.cancelable) event.preventDefault(); };
  tray.addEventListener("touchmove", holdStill, { passive: false });
  frame.addEventListener("touchmove", holdStill, { passive: false });
  // No native link drag, no long-press menu while pressing; no click after a drag.
  document.addEventListener("dragstart", (event) => {
    if (press || drag || event.target.closest?.(".habit-pill[data-habit], .block")) event.preventDefault();
  });
  document.addEventListener("contextmenu", (event) => { if (press || drag) event.preventDefault(); });
  window.addEventListener("pointerdown", () => { suppressClick = false; }, true); // a new press, a new click
  document.addEventListener("click", (event) => {
    if (suppressClick || busy) { event.preventDefault(); event.stopPropagation(); }
  }, true);
}

// The checklist: one tap without a page load. Its forms (tick, undo, skip, an amount) go by
// fetch as they would go without this file; the day page that comes back (or the refusal,
// with its message) replaces the checklist and the day's circle and streak, so the page keeps
// its place and the focus stays on the same habit. Anything else (a network error, a page
// without a checklist) and the form is sent the ordinary way.
{
  let sending = false;
  const swap = (doc, selector) => {
    const now = document.querySelector(selector), next = doc.querySelector(selector);
    if (!now || !next) return;
    if (now.tabIndex === 0) next.tabIndex = 0;
    if (now.tabIndex === -1 && next.hasAttribute("href")) next.tabIndex = -1;
    now.replaceWith(document.adoptNode(next));
  };
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const checklist = document.getElementById("checklist");
    if (!checklist || !checklist.contains(form) || form.dataset.native || !window.fetch || !window.DOMParser) return;
    event.preventDefault();
    if (sending) return;
    const submitter = event.submitter;
    const body = new URLSearchParams(new FormData(form));
    if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    const item = form.closest("li")?.id;
    const active = document.activeElement && form.contains(document.activeElement) ? document.activeElement : null;
    const focusedID = active?.id || null;
    const focused = active ? [...active.classList].find((c) => c.startsWith("check-")) : null;
    const native = () => {
      form.dataset.native = "1";
      if (submitter && form.requestSubmit) form.requestSubmit(submitter); else form.submit();
    };
    sending = true;
    checklist.setAttribute("aria-busy", "true");
    buzz();
    // getAttribute: the forms have a button named "action", which `form.action` would return.
    fetch(form.getAttribute("action"), { method: "POST", body, credentials: "same-origin" }).then((r) => {
      if (!r.ok && r.status !== 400) throw new Error(r.status);
      return r.text();
    }).then((html) => {
      const doc = new DOMParser().parseFromString(html, "text/html");
      if (!doc.getElementById("checklist")) throw new Error("no checklist");
      return doc;
    }).then((doc) => {
      // The write is done: nothing below may send the form again (a second amount would add).
      try { show(doc); } catch (_) { location.reload(); }
    }, native).finally(() => {
      sending = false;
      document.getElementById("checklist")?.removeAttribute("aria-busy");
    });
    const show = (doc) => {
      swap(doc, "#checklist");
      for (const selector of ['[data-row] [aria-current="date"]', '.grid [aria-current="date"]', ".timeline-stats", ".grid-head", ".day-sub"]) {
        swap(doc, selector);
      }
      const again = item && document.getElementById(item);
      const target = again && ((focusedID && document.getElementById(focusedID))
        || (focused && again.querySelector("." + focused)) || again.querySelector(".check-pill"));
      if (target) target.focus();
    };
  });
}

// A year's heatmap wider than the screen opens on today's week (centred), not on January.
for (const region of document.querySelectorAll(".heatmap-scroll[data-today-x]")) {
  if (region.scrollWidth > region.clientWidth) {
    region.scrollLeft = Math.max(0, Number(region.dataset.todayX) - region.clientWidth / 2);
  }
}

// Reading offline: the service worker keeps the pages this member opened and,
// offline, shows them marked read-only; nothing can be sent from them.
if (document.documentElement.hasAttribute("data-offline")) {
  for (const control of document.querySelectorAll("form input, form button, form select, form textarea")) {
    control.disabled = true;
  }
} else if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => {
    // No worker (a private window, a browser setting): pages simply need the network.
  });
}

// A member's page kept in the back/forward cache comes back on Back without asking the
// server: after a sign-out it would show the last member's journal to the next person. It
// is blanked as it is put away; when it comes back the server is asked for it again, and it
// shows again (with anything typed into it) only if the answer is for the same session (the
// sign-out form's token), else the page is loaded afresh: the sign-in page once signed out.
const signOutToken = document.querySelector("form[action='/logout'] input[name=csrf]");
if (signOutToken) {
  window.addEventListener("pagehide", (event) => {
    if (event.persisted) document.documentElement.setAttribute("data-put-away", "");
  });
  window.addEventListener("pageshow", async (event) => {
    if (!event.persisted) return;
    try {
      const answer = await fetch(window.location.href, { cache: "no-cache", redirect: "manual" });
      const token = answer.ok && (await answer.text()).match(/name="csrf" value="([^"]+)"/);
      if (token && token[1] === signOutToken.value) {
        document.documentElement.removeAttribute("data-put-away");
        return;
      }
    } catch (_) {
      // No answer (offline): the service worker decides what the page may show.
    }
    window.location.reload();
  });
}

// Reminders on this device: subscribe to Web Push with the instance's VAPID key
// and hand the subscription to the server. Without JavaScript (or Web Push) the button stays
// hidden; ntfy and email still work.
const enableNotifications = document.getElementById("notify-enable");
if (enableNotifications && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
    && !document.documentElement.hasAttribute("data-offline")) {
  const status = document.getElementById("notify-enable-status");
  const say = (text) => { if (status) { status.textContent = text; status.hidden = false; } };
  const bytes = (base64url) => {
    const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  };
  enableNotifications.hidden = false;
  enableNotifications.addEventListener("click", async () => {
    enableNotifications.disabled = true;
    try {
      if (await Notification.requestPermission() !== "granted") {
        say(enableNotifications.dataset.denied);
        return;
      }
      const key = await (await fetch("/notifications/vapid-public-key", { credentials: "same-origin" })).text();
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key.trim()) });
      const answer = await fetch("/notifications/push", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": enableNotifications.dataset.csrf },
        body: JSON.stringify(subscription.toJSON()),
      });
      const reply = await answer.json().catch(() => ({}));
      say(reply.message || enableNotifications.dataset.failed);
      if (answer.ok) window.location.reload();
    } catch (_) {
      say(enableNotifications.dataset.failed);
    } finally {
      enableNotifications.disabled = false;
    }
  });
}
