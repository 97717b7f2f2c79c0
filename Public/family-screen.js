// The kitchen screen's keypad: with JavaScript a key types into the PIN field at once
// instead of a round trip to the server (without it, each key is a submit button: the
// server keeps the digits and answers with a redirect to a page that never holds them). Nothing else: the screen's return to
// the names after a minute is the page's meta refresh and the server's own expiry.
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
});
