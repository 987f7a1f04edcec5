import type { Plugin, Rollup } from "vite";

export interface BootPreloadOptions {
  /** The localStorage key of a stored session: without one, the first page is the sign-in page. */
  sessionKey: string;
  /** The sessionStorage key of the cart (lib/cart-store.ts), for a request with `cart`. */
  cartKey?: string;
  /** The localStorage key of the stored privileges, for a request with `who`. */
  privilegesKey?: string;
  /** Modules every signed-in page loads (their chunks are preloaded for any path). */
  shell: string[];
  /** A page's path (a regular expression's source, matched against `location.pathname`) → its route module. */
  pages: Record<string, string>;
  /**
   * The first data of a signed-in page, started with the code (decision 034, lever 10): the
   * requests every signed-in page makes (`shell`) and those of the page a path names (a regular
   * expression's source; a body value "$1" is its first group and "?name" the search parameter
   * `name`, each as a number, a parameter that is not a positive integer left out). Each request is sent
   * exactly as lib/api-client.ts would send it, so the client can take its response (lib/first-data.ts).
   */
  firstData?: { shell: BootRequest[]; pages: Record<string, BootRequest[]> };
}

/** A request the boot script sends: GET without a body or POST with a JSON one; `token: false` sends no bearer token. */
export interface BootRequest {
  method: "GET" | "POST";
  path: string;
  body?: Record<string, unknown>;
  token?: false;
  /** false: sent only when the address has no search parameters (a list's first page, unfiltered). */
  search?: false;
  /**
   * Sent only for these users, by the stored privileges: "staff", a password sign-in or an
   * administrator (as features/approvals/components/approvals-nav.tsx decides who is asked about
   * approvals; a practice signed in by its address never asks); "admin", an administrator (as
   * app/route-guards.tsx's RequireAdmin decides who sees an administrator's page).
   */
  who?: "staff" | "admin";
  /**
   * The body field that holds the stored cart's lines, as the quote sends them (each line's id,
   * quantity and destroy mark, features/cart/api/get-quote.ts); the request is left out when the cart
   * is empty, unreadable or mixes destroy and ordinary lines, as the page then asks for no quote.
   */
  cart?: string;
  /**
   * The page's largest picture (its LCP element) is named by this response: a dot path into the
   * answer's `data` ("image_url", "0.image_url") whose value, a site path, is preloaded with high
   * priority as soon as the answer arrives, instead of when the page has rendered the `img`.
   */
  image?: string;
  /**
   * A request the page makes once this answer is in, when the answer's `data` has `when` true (a
   * personalised product's proof, once product/query says `is_customizable`): sent as soon as the
   * answer arrives instead of after the code has run and rendered the page. It is kept under its key
   * from the start, so the page's request always finds it; when the answer does not call for it, the
   * kept promise rejects and a page that asks anyway sends the request itself.
   */
  next?: BootRequest & { when: string };
}

type Chunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The chunk's file, the chunks it imports statically and their stylesheets, as site paths. */
function filesOf(chunk: Chunk, bundle: Rollup.OutputBundle, base: string, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const own = [chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? [])].map((file) => `${base}${file}`);
  const imported = chunk.imports.flatMap((file) => {
    const next = bundle[file];
    return next?.type === "chunk" ? filesOf(next as Chunk, bundle, base, seen) : [];
  });
  return [...own, ...imported];
}

function chunkOf(bundle: Rollup.OutputBundle, moduleId: string): Chunk {
  const chunk = Object.values(bundle).find((item) => item.type === "chunk" && item.moduleIds.includes(moduleId));
  if (!chunk) throw new Error(`boot-preload: no chunk holds ${moduleId}`);
  return chunk as Chunk;
}

/**
 * A signed-in first visit fetches its chunks at once (decision 034). The entry decides the route only
 * after it has downloaded and run; until then the browser knows nothing of the shell's and the page's
 * chunks, a second round of downloads after the first. This plugin writes a script of a few hundred
 * bytes into index.html, inline, so it runs as soon as the document has arrived rather than a round
 * trip later (decision 034, lever 26; the API's Content-Security-Policy allows exactly this script
 * by its hash, apps/api/src/plugins/web.ts): when a session is stored it adds
 * `<link rel="modulepreload">` (and `preload` for the stylesheets) for the shell's chunks and those
 * of the page the address names, so they download in parallel with the entry. Without a stored
 * session it does nothing: the sign-in page loads no more than before. A path no pattern matches
 * loads as before, only without the head start.
 */
export function bootPreload(options: BootPreloadOptions): Plugin {
  let base = "/";
  return {
    name: "vetportal-boot-preload",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((item) => item.type === "chunk" && item.isEntry) as Chunk | undefined;
      const skip = new Set(entry ? filesOf(entry, bundle, base) : []);
      const shell = [...new Set(options.shell.flatMap((id) => filesOf(chunkOf(bundle, id), bundle, base)))].filter(
        (file) => !skip.has(file),
      );
      const pages = Object.entries(options.pages).map(([pattern, id]) => [
        pattern,
        filesOf(chunkOf(bundle, id), bundle, base).filter((file) => !skip.has(file) && !shell.includes(file)),
      ]);
      // All of it in a zero-delay timer: the parser's task that meets this script is the one that asks
      // for the entry, and reading the stored session (the origin's localStorage, loaded on its first
      // read) and sending the requests would keep it from ending (decision 034, lever 35). The timer is
      // set before the entry's own (main.tsx waits for one before it starts), so what it keeps is
      // there before the client looks.
      const source = `setTimeout(function () {
  try {
    var stored = localStorage.getItem(${JSON.stringify(options.sessionKey)});
    if (!stored) return;
    var files = ${JSON.stringify(shell)};
    var pages = ${JSON.stringify(pages)};
    for (var i = 0; i < pages.length; i++) {
      if (new RegExp(pages[i][0]).test(location.pathname)) { files = files.concat(pages[i][1]); break; }
    }
    for (var j = 0; j < files.length; j++) {
      var link = document.createElement("link");
      var css = /\\.css$/.test(files[j]);
      link.rel = css ? "preload" : "modulepreload";
      if (css) link.as = "style";
      // As Vite's own preload helper asks for them, so the browser uses what this fetched.
      link.crossOrigin = "";
      link.href = files[j];
      document.head.appendChild(link);
    }
    // After the code's preloads, so the largest downloads start first.${firstDataSource(options.firstData, options.cartKey, options.privilegesKey)}
  } catch (error) {}
}, 0);
`;
      // Inline script text must not hold "</script" (it would end the element early).
      if (/<\/script/i.test(source)) throw new Error("boot-preload: the boot script would end its <script> element");
      const html = bundle["index.html"];
      if (html?.type !== "asset") throw new Error("boot-preload: no index.html in the bundle");
      // Right after the entry's script tag, so the browser asks for the entry first, and before its
      // stylesheet's link: an inline script after a stylesheet would wait for the stylesheet to arrive.
      const entryTag = /<script type="module"[^>]*><\/script>/;
      const page = String(html.source);
      if (!entryTag.test(page)) throw new Error("boot-preload: no entry script in index.html");
      html.source = page.replace(entryTag, (tag) => `${tag}\n    <script>${source}</script>`);
    },
  };
}

/**
 * The part of the boot script that starts the first data (BootPreloadOptions.firstData): with an
 * unexpired stored session, each request goes out with its bearer token and its response promise is
 * kept in `window.__vetportalFirstData` under the key lib/first-data.ts looks it up by (method, path
 * and the body's JSON). A failure here only loses the head start: the client fetches as usual.
 */
function firstDataSource(
  firstData: BootPreloadOptions["firstData"],
  cartKey: string | undefined,
  privilegesKey: string | undefined,
): string {
  if (!firstData) return "";
  return `
    (function () {
      var session = JSON.parse(stored);
      var who = { staff: false, admin: false };
      try {
        var privileges = JSON.parse(localStorage.getItem(${JSON.stringify(privilegesKey ?? "")}) || "null") || {};
        who.admin = privileges.is_admin === true;
        who.staff = who.admin || privileges.sign_in_method === "password";
      } catch (error) {}
      var expires = Date.parse(session.expireDate);
      // A token the client refreshes as it starts (lib/session-refresh.ts, refreshAheadMs) is about to
      // be retired: answers sent with it would never be taken, and may arrive after it is refused.
      var lifetime = Number(session.expiresIn) * 1000;
      var ahead = lifetime > 0 ? Math.min(600000, lifetime / 2) : 600000;
      if (!session.idToken || !(expires - Date.now() > ahead)) return;
      var requests = ${JSON.stringify(firstData.shell)};
      var pages = ${JSON.stringify(Object.entries(firstData.pages))};
      for (var p = 0; p < pages.length; p++) {
        var match = new RegExp(pages[p][0]).exec(location.pathname);
        if (!match) continue;
        requests = requests.concat(JSON.parse(JSON.stringify(pages[p][1]), function (_key, value) {
          if (typeof value !== "string") return value;
          if (/^\\$\\d$/.test(value)) return Number(match[Number(value.slice(1))]);
          if (value.charAt(0) !== "?") return value;
          var param = new URLSearchParams(location.search).get(value.slice(1));
          return param && /^[1-9]\\d{0,8}$/.test(param) ? Number(param) : undefined;
        }));
        break;
      }
      var responses = {};
      function cartLines() {
        try {
          var cart = JSON.parse(sessionStorage.getItem(${JSON.stringify(cartKey ?? "")}) || "[]");
          if (!Array.isArray(cart) || cart.length === 0) return null;
          var lines = [];
          var destroy = 0;
          for (var c = 0; c < cart.length; c++) {
            var item = cart[c] || {};
            if (!Number.isInteger(item.id) || !Number.isInteger(item.quantity) || item.quantity < 0) return null;
            var line = { id: item.id, quantity: item.quantity };
            if (item.is_destroy) { line.is_destroy = true; destroy++; }
            lines.push(line);
          }
          return destroy === 0 || destroy === lines.length ? lines : null;
        } catch (error) { return null; }
      }
      // A response's data, or null.
      function dataOf(response) {
        var data = response
          .then(function (answer) { return answer.ok ? answer.clone().json() : null; })
          .then(function (answer) { return answer && answer.data; });
        data.catch(function () {});
        return data;
      }
      function preloadImage(data, path) {
        data.then(function (src) {
          for (var s = 0; s < path.length && src; s++) src = src[path[s]];
          // A path on this site only ("/media/…"), never another origin's ("//host/…", "https:…").
          if (typeof src !== "string" || src.charAt(0) !== "/" || src.charAt(1) === "/") return;
          var link = document.createElement("link");
          link.rel = "preload";
          link.as = "image";
          link.fetchPriority = "high";
          link.href = src;
          document.head.appendChild(link);
        }).catch(function () {});
      }
      // A request, kept under its key at once; one that follows an answer (after) goes out when the
      // answer's data has its "when" true, and rejects otherwise (the client then sends it itself).
      function send(request, after) {
        var body = request.body === undefined ? undefined : JSON.stringify(request.body);
        var headers = { Accept: "application/json" };
        if (body !== undefined) headers["Content-Type"] = "application/json";
        if (request.token !== false) headers.Authorization = "Bearer " + session.idToken;
        var key = request.method + " " + request.path + " " + (body || "") + " " + (request.token === false ? "" : session.idToken);
        function go() { return fetch(request.path, { method: request.method, headers: headers, body: body }); }
        var response = after
          ? after.then(function (data) {
              if (!data || data[request.when] !== true) throw new Error("not asked for");
              return go();
            })
          : go();
        response.catch(function () {});
        responses[key] = response;
        if (!request.image && !request.next) return;
        var data = dataOf(response);
        if (request.image) preloadImage(data, request.image.split("."));
        if (request.next) send(request.next, data);
      }
      for (var r = 0; r < requests.length; r++) {
        var request = requests[r];
        if (request.search === false && location.search.length > 1) continue;
        if (request.who && !who[request.who]) continue;
        if (request.cart) {
          var lines = cartLines();
          if (!lines) continue;
          request.body[request.cart] = lines;
        }
        send(request);
      }
      window.__vetportalFirstData = responses;
    })();`;
}
