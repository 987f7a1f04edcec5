import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupDatabase, backupSocketPath } from "../src/db/backup.ts";
import { freePort } from "./helpers.ts";

/**
 * The real process shell on the embedded database: start-up on an empty data directory, the
 * data-directory lock, graceful SIGTERM, and a second start that reuses the data.
 */
const dataDir = mkdtempSync(join(tmpdir(), "vp-process-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

function start(port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: join(import.meta.dirname, ".."),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy");
}

describe("the server process on PGlite", () => {
  it("locks its data directory, drains requests on SIGTERM and reuses the data on the next start", async () => {
    const port = await freePort();
    const first = start(port);
    await waitHealthy(port);
    expect(first.output()).toContain('"seeded":true');

    // A second process on the same directory refuses with a clear message instead of opening it.
    const second = start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is in use by another Vet Portal process");

    // An in-flight request: headers sent, body not yet. SIGTERM arrives; the request still completes.
    const body = JSON.stringify({
      method: "address",
      address_name: "Happy Paws Veterinary Clinic",
      line1: "120 Market Street",
      zip_code: "94105",
    });
    const socket = connect(port, "127.0.0.1");
    let response = "";
    socket.on("data", (d) => {
      response += d;
    });
    const closed = new Promise((r) => socket.on("close", r));
    await new Promise((r) => socket.on("connect", r));
    socket.write(
      `POST /api/auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    await new Promise((r) => setTimeout(r, 300));
    first.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    socket.write(body);
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain('"result":1');
    expect(await first.exited).toBe(0);

    // The lock was released and the data is kept: the next start neither waits nor seeds again.
    const third = start(port);
    await waitHealthy(port);
    expect(third.output()).toContain('"seeded":false');
    const login = await fetch(`http://127.0.0.1:${port}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(login.status).toBe(200);
    // npm run db:backup reaches the running process through the socket beside its data directory.
    const backup = `${dataDir}.backup`;
    expect(await backupDatabase({ dataDir }, backup)).toEqual({ via: "server" });
    expect(statSync(backup).size).toBeGreaterThan(0);
    rmSync(backup);
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
    expect(existsSync(backupSocketPath(dataDir))).toBe(false);
  }, 180_000);
});
