import { createPostgresCopy, freePort } from "../helpers.ts";
import { TcpProxy } from "../tcp-proxy.ts";

/**
 * A fresh PostgreSQL copy with a TcpProxy in front of it, so a test can cut, refuse or slow the
 * connections: `url` goes through the proxy, `copy.url` around it (for an administrator's client).
 */
export async function proxiedPostgresCopy() {
  const copy = await createPostgresCopy();
  const real = new URL(copy.url);
  const proxy = new TcpProxy({ host: real.hostname, port: Number(real.port) }, await freePort());
  await proxy.up();
  const viaProxy = new URL(copy.url);
  viaProxy.port = String(proxy.port);
  return { copy, proxy, url: viaProxy.toString() };
}
