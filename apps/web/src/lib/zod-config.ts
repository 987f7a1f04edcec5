/**
 * Zod tries `new Function` to see whether it may compile its parsers. The portal's content security
 * policy (script-src 'self') refuses, and the browser reports each refusal as a policy violation
 * (a Chrome issue; Lighthouse's best practices). Without eval there is nothing to compile anyway, so
 * zod is set "jitless" before it loads: the entry runs this ahead of every chunk. Zod keeps its
 * settings on globalThis so that every copy shares them, and starts from what is there; importing
 * zod's own `config` here would put a part of zod into the first load of every page.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
