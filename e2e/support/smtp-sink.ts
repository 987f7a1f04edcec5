import { createServer, type Server } from "node:net";

/**
 * Where the API under test sends mail (playwright.config.ts sets SMTP_URL to it). Journeys that
 * need an email's content (the set-password link) start the sink; mail sent while no sink listens
 * fails and stays in the outbox, which no other journey looks at.
 */
export const SMTP_SINK_PORT = Number(process.env.E2E_PORT ?? 3100) + 25;

export interface SunkMail {
  to: string[];
  data: string;
}

/** A minimal SMTP server (EHLO, MAIL, RCPT, DATA, QUIT) that keeps every message in memory. */
export async function startSmtpSink(): Promise<{ messages: SunkMail[]; close: () => Promise<void> }> {
  const messages: SunkMail[] = [];
  const server: Server = createServer((socket) => {
    let buffer = "";
    let to: string[] = [];
    let data: string[] | undefined;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end = buffer.indexOf("\r\n");
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\r\n");
        if (data) {
          if (line === ".") {
            messages.push({ to, data: data.join("\n") });
            data = undefined;
            to = [];
            reply("250 queued");
          } else data.push(line.startsWith("..") ? line.slice(1) : line);
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") reply("250 sink");
        else if (command === "RCPT") {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 ok");
        } else if (command === "DATA") {
          data = [];
          reply("354 end with .");
        } else if (command === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(SMTP_SINK_PORT, "127.0.0.1", resolve));
  return { messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
