// The kitchen screen's script. The keypad: with JavaScript a key types into the PIN field at
// once instead of a round trip to the server (without it, each key is a submit button: the
// server keeps the digits and answers with a redirect to a page that never holds them).
// The countdown: the PIN page and a member's list go back to the names after a minute
// without a tap, shown as it runs, with "More time" to start it again (a time limit the
// member can extend: WCAG 2.2.1, where a meta refresh could not be). On the list the end is
// its "Done" form, so the visit ends on the server too; without JavaScript the server ends
// the visit after the same minute and "Done" stays on the page.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form[data-keypad]")) {
    const field = form.querySelector("input[name=pin]");
    if (!field) continue;
    for (const key of form.querySelectorAll("button[data-key]")) {
      key.addEventListener("click", (event) => {
        event.preventDefault();
        const value = key.dataset.key;
        if (value === "back") field.value = field.value.slice(0, -1);
        else if (value === "clear") field.value = "";
        else if (/^[0-9]$/.test(value) && field.value.length < 8) field.value += value;
        if (navigator.vibrate) navigator.vibrate(10);
      });
    }
  }

  const box = document.querySelector("[data-countdown]");
  if (!box) return;
  // Said to screen readers once, this many seconds before the end.
  const warnAt = 20;
  const total = Number(box.dataset.countdown) * 1000;
  const seconds = box.querySelector("[data-countdown-seconds]");
  const said = box.querySelector("[data-countdown-said]");
  const more = box.querySelector("[data-countdown-more]");
  let deadline = Date.now() + total;
  let timer = 0;
  const tick = () => {
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    seconds.textContent = String(left);
    if (left <= warnAt && !said.textContent) said.textContent = box.dataset.countdownWarning;
    if (left > 0) return;
    clearInterval(timer);
    const end = document.querySelector("form[data-countdown-end]");
    if (end) end.submit();
    else location.assign(box.dataset.countdownReturn);
  };
  const restart = () => {
    deadline = Date.now() + total;
    said.textContent = "";
    tick();
  };
  box.querySelector("[data-countdown-shown]").hidden = false;
  // On the PIN page "More time" and every key start the minute again here (the digits wait on
  // the server a minute after the last key too); on the list "More time" is a form, and the
  // page it loads starts a new minute.
  if (more && more.type === "button") {
    more.hidden = false;
    more.addEventListener("click", restart);
  }
  for (const key of document.querySelectorAll("form[data-keypad] button")) key.addEventListener("click", restart);
  timer = setInterval(tick, 1000);
  tick();
});
