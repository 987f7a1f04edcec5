import { config } from "zod/v4/core";

// Zod tries `new Function` to see whether it may compile its parsers. The portal's content security
// policy (script-src 'self') refuses, and the browser reports each refusal as a policy violation
// (a Chrome issue; Lighthouse's best practices). Without eval there is nothing to compile anyway, so
// zod is told before the first schema is built; the entry runs this ahead of every chunk.
config({ jitless: true });
