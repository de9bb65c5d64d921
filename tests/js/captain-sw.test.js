/* The captains' service worker (static/huche/captain-sw.js) with node's own test runner: the
 * pages of a captain's link kept for offline, then the link replaced by a new slip (issue 51,
 * finding 9). At the next page loaded with the network (menu.js asks {check: true}) the worker
 * asks the kept link's home page again: a 404 drops the copies, a live link keeps them. */
/* global caches */ // the in-memory CacheStorage below, set on globalThis as a browser has it
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");

const ORIGIN = "https://huche.example.org";
const UNLOCK = "u1 " + String(Math.floor(Date.now() / 1000) + 3600);
const CACHE = "huche-captain-private-u1-" + UNLOCK.split(" ")[1];

/* CacheStorage as a browser has it, in memory: name -> (url -> Response). */
class Caches {
  constructor() { this.stores = new Map(); }
  async keys() { return [...this.stores.keys()]; }
  async delete(name) { return this.stores.delete(name); }
  async open(name) {
    if (!this.stores.has(name)) this.stores.set(name, new Map());
    const store = this.stores.get(name);
    return {
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      put: async (request, response) => { store.set(request.url, response); },
      match: async (request) => store.get(typeof request === "string" ? request : request.url),
    };
  }
}

function load(answer) {
  const asked = [];
  globalThis.self = { addEventListener() {}, location: new URL(ORIGIN), clients: {} };
  globalThis.caches = new Caches();
  globalThis.fetch = async (request) => {
    asked.push(new URL(request.url).pathname);
    const response = answer();
    Object.defineProperty(response, "type", { value: "basic" });  // same origin, as a browser says
    return response;
  };
  const path = require.resolve("../../static/huche/captain-sw.js");
  delete require.cache[path];
  return { worker: require(path), asked };
}

async function keepOldLink() {
  const store = await caches.open(CACHE);
  const page = () => new Response("<p>Table 3: Les As 121 - 95</p>", { headers: { "X-Huche-Unlock": UNLOCK } });
  await store.put(new Request(ORIGIN + "/c/old-token/games/7/"), page());
  await store.put(new Request(ORIGIN + "/c/old-token/"), page());
}

test("a replaced link's pages are dropped at the next online check", async () => {
  const { worker, asked } = load(() => new Response("Not found", { status: 404 }));
  await keepOldLink();
  await worker.check();
  assert.deepEqual(asked, ["/c/old-token/"]);  // the home page of the link kept
  assert.deepEqual(await caches.keys(), []);
});

test("the PIN page (the unlock ended) drops them too", async () => {
  const { worker } = load(() => new Response("<form><input name=pin></form>", { status: 200 }));
  await keepOldLink();
  await worker.check();
  assert.deepEqual(await caches.keys(), []);
});

test("a live link keeps its pages, and a server in trouble or no network changes nothing", async () => {
  for (const answer of [
    () => new Response("<p>home</p>", { headers: { "X-Huche-Unlock": UNLOCK } }),
    () => new Response("oops", { status: 503 }),
    () => { throw new TypeError("Failed to fetch"); },
  ]) {
    const { worker } = load(answer);
    await keepOldLink();
    await worker.check();
    assert.deepEqual(await caches.keys(), [CACHE]);
    const kept = await (await caches.open(CACHE)).keys();
    assert.equal(kept.length, 2);
  }
});

test("at most one check a minute", async () => {
  const { worker, asked } = load(() => new Response("<p>home</p>", { headers: { "X-Huche-Unlock": UNLOCK } }));
  await keepOldLink();
  await worker.check();
  await worker.check();
  assert.equal(asked.length, 1);
});
