import { SMTPServer } from "smtp-server";

/** One message a test SMTP listener accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP listener on 127.0.0.1 for the mail tests (DESIGN §8): it accepts every message
 * `delayMs` after its data arrived (a slow relay) and hands it to `onMessage`.
 */
export function smtpListener(port: number, onMessage: (mail: ReceivedMail) => void, delayMs = 0) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", () => {
        setTimeout(() => {
          onMessage({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        }, delayMs);
      });
    },
  });
  return {
    start: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
