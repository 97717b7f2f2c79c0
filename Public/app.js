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

// The day strips: row (seed 000) and grid (seed 001).
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
  // Centre the selected day.
  const selected = row.querySelector("[aria-current=date]");
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
