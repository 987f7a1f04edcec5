import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy between the API's pool and a PostgreSQL server, so a test can do to the network what
 * a server restart, a cable or a frozen machine would: cut every connection, refuse new ones, stop
 * forwarding while keeping the connections open, or slow the server's replies down.
 */
export class TcpProxy {
  private server?: Server;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private frozen = false;
  private slow = false;

  constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  /** Accepts connections again. */
  async up() {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      const pair = { client, upstream };
      this.pairs.add(pair);
      for (const s of [client, upstream]) {
        s.on("error", () => s.destroy());
        s.on("close", () => {
          this.pairs.delete(pair);
          client.destroy();
          upstream.destroy();
        });
      }
      client.on("data", (chunk) => upstream.write(chunk));
      upstream.on("data", (chunk) => this.toClient(upstream, client, chunk));
      if (this.frozen) for (const s of [client, upstream]) s.pause();
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, "127.0.0.1", resolve));
  }

  /** Cuts every connection and refuses new ones, as a stopped server does. */
  async down() {
    this.cut();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Cuts every open connection (data in flight is lost); new ones are still accepted. */
  cut() {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
  }

  /** Stops forwarding in both directions, connections and new connections kept open: a frozen server. */
  freeze() {
    this.frozen = true;
    for (const { client, upstream } of this.pairs) for (const s of [client, upstream]) s.pause();
  }

  thaw() {
    this.frozen = false;
    for (const { client, upstream } of this.pairs) for (const s of [client, upstream]) s.resume();
  }

  /** While on, the server's replies reach the client 1 KB every 10 ms (about 100 KB/s per connection). */
  throttle(on: boolean) {
    this.slow = on;
  }

  private toClient(upstream: Socket, client: Socket, chunk: Buffer) {
    if (!this.slow) {
      client.write(chunk);
      return;
    }
    upstream.pause();
    let offset = 0;
    const next = () => {
      if (client.destroyed) return;
      client.write(chunk.subarray(offset, offset + 1024));
      offset += 1024;
      if (offset < chunk.length) setTimeout(next, 10);
      else if (!this.frozen) upstream.resume();
    };
    next();
  }
}
