// Dawn's service worker: reading offline. Online, every page comes from the server as
// usual. It keeps the static files (their names carry their hash, so a kept one never goes
// stale) and the last pages the signed-in member opened (GET 200 pages the server marked
// with X-Dawn-Member: nothing else, and never another member's; a page that says nobody
// is signed in, or a sign-out form, drops them all). Offline, a kept page is
// shown marked read-only; a page never seen here shows /offline.
"use strict";

const STATIC = "dawn-static-v1";
const PAGES = "dawn-pages-v1";
const MEMBER = "x-dawn-member";
// The header's value on pages seen signed out.
const SIGNED_OUT = "-";
// Where the member whose pages are kept is written down, inside the pages' cache.
const OWNER = "/__dawn/member";
const OFFLINE = "/offline";
const MAX_PAGES = 60;
const MAX_STATIC = 60;

self.addEventListener("install", (event) => {
  // A page for when nothing was kept, in the browser's language until a member's replaces it.
  event.waitUntil(caches.open(STATIC).then((cache) => cache.add(OFFLINE)).catch(() => {}).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== STATIC && name !== PAGES) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The forms that end a session: the pages kept go as the member asks to leave. Their answer
// (a redirect with Clear-Site-Data, which not every browser honours) is opaque to a worker,
// and may never come at all.
const SIGN_OUTS = ["/logout", "/account/sign-out-everywhere"];

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && SIGN_OUTS.includes(url.pathname)) {
    event.waitUntil(forget());
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request, event));
  }
});

async function staticFile(request) {
  const cache = await caches.open(STATIC);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) {
    await cache.put(request, response.clone());
    await trim(cache, MAX_STATIC, (key) => new URL(key.url).pathname.startsWith("/static/"));
  }
  return response;
}

async function page(request, event) {
  let response;
  try {
    response = await fetch(request);
  } catch (_) {
    return offline(request);
  }
  const member = response.headers.get(MEMBER);
  if (member === SIGNED_OUT) {
    // Signed out (the sign-in page, setup): no page of anyone's stays on this device.
    event.waitUntil(forget());
    return response;
  }
  // Not a page of a route (a file, an unknown address): nothing to keep or forget.
  if (!member) return response;
  // A no-store page (search results, settings, a child's on a guardian's device) is never
  // kept, but still says whose pages these are, and /settings still renews the offline page.
  const noStore = (response.headers.get("Cache-Control") || "").includes("no-store");
  if (response.status === 200 && response.type === "basic") {
    event.waitUntil(keep(response.redirected ? response.url : request.url, noStore ? null : response.clone(), member));
  }
  return response;
}

// Drops every page kept, and the member they were kept for.
async function forget() {
  await caches.delete(PAGES);
}

// Keeps `response` (unless null) as `member`'s page at `url`.
async function keep(url, response, member) {
  const cache = await caches.open(PAGES);
  const owner = await cache.match(OWNER);
  if (!owner || (await owner.text()) !== member) {
    // Another member signed in on this device: drop everything kept for the one before.
    await caches.delete(PAGES);
    const fresh = await caches.open(PAGES);
    await fresh.put(OWNER, new Response(member));
    return keep(url, response, member);
  }
  const path = new URL(url).pathname;
  if (response) await cache.put(url, response);
  // The offline page in the member's language: fetched once per member, and again when
  // they may have changed their language.
  if (path === "/settings" || !(await cache.match(OFFLINE))) {
    try {
      const offlinePage = await fetch(OFFLINE);
      if (offlinePage.status === 200 && offlinePage.headers.get(MEMBER) === member) await cache.put(OFFLINE, offlinePage);
    } catch (_) {
      // Offline again already: the one kept (or the browser's) serves.
    }
  }
  await trim(cache, MAX_PAGES, (key) => ![OWNER, OFFLINE].includes(new URL(key.url).pathname));
}

// Drops the oldest of `cache`'s entries `counted` selects beyond `limit` (a put moves an
// entry to the end).
async function trim(cache, limit, counted) {
  const keys = (await cache.keys()).filter(counted);
  for (const key of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(key);
}

async function offline(request) {
  const pages = await caches.open(PAGES);
  const kept = (await pages.match(request, { ignoreVary: true })) || (await pages.match(OFFLINE))
    || (await caches.match(OFFLINE, { cacheName: STATIC }));
  if (!kept) return Response.error();
  return readOnly(kept);
}

// The kept page marked offline: <html data-offline> shows its banner (app.css) and has
// app.js disable its forms. Its own headers (the Content-Security-Policy) stay.
async function readOnly(response) {
  const html = (await response.text()).replace("<html", "<html data-offline");
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(html, { status: 200, headers });
}

// Reminders by Web Push: the server sends {"title", "body", "url"}, encrypted
// for this browser; show it, and open Dawn (or focus it) when it is tapped.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (_) {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(message.title || "Dawn", {
    body: message.body || "",
    icon: "/static/icons/dawn-192.png",
    data: { url: typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil((async () => {
    for (const client of await self.clients.matchAll({ type: "window" })) {
      if (new URL(client.url).origin === self.location.origin && "focus" in client) return client.focus();
    }
    return self.clients.openWindow(url);
  })());
});
