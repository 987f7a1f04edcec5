import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "selfsigned";

export interface CertificateFiles {
  /** The certificate, PEM: a client trusts it as its own authority (`ca`). */
  cert: string;
  certFile: string;
  keyFile: string;
  /** Removes the files. */
  remove: () => void;
}

/** A self-signed certificate for 127.0.0.1 and localhost, and its key, written to files (TLS_CERT_FILE, TLS_KEY_FILE). */
export async function selfSignedCertificate(): Promise<CertificateFiles> {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), "vp-tls-"));
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  writeFileSync(certFile, pems.cert);
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  return { cert: pems.cert, certFile, keyFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
