// The scanning web app's service worker (issue 15): /scan opens without a connection (the page as it
// was last loaded), its scripts and styles come from the cache. Photos taken meanwhile wait in the
// page's outbox (IndexedDB) and are sent when the connection returns. Nothing else is cached.
const CACHE = "kiebitz-scan-v1";
const SCAN = /^\/(de\/)?scan$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/build/")) {
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const hit = await cache.match(request);
        if (hit) return hit;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      }),
    );
  } else if (request.mode === "navigate" && SCAN.test(url.pathname)) {
    event.respondWith(
      fetch(request)
        .then(async (response) => {
          if (response.ok) await (await caches.open(CACHE)).put(url.pathname, response.clone());
          return response;
        })
        .catch(async () => (await (await caches.open(CACHE)).match(url.pathname)) ?? Response.error()),
    );
  }
});
