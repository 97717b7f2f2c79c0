// Dawn's progressive enhancements. Every page works without this file.
"use strict";

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
