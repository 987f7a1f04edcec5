/**
 * HTTPS for a benchmark's API (TLS_CERT_FILE, TLS_KEY_FILE; decision 049): a self-signed certificate
 * for 127.0.0.1, and the Chromium flag that trusts it (by its public key), so the browser speaks
 * HTTP/2 to the portal as it would to a deployed one, with no certificate error.
 */
import { createHash, X509Certificate } from "node:crypto";
import { get } from "node:https";
import { selfSignedCertificate } from "../../apps/api/test/support/certificate.ts";

export interface BenchTls {
  /** The API's settings that turn HTTPS on. */
  env: { TLS_CERT_FILE: string; TLS_KEY_FILE: string };
  /** The certificate, PEM, for a Node client to trust. */
  ca: string;
  /** Chromium's flag that trusts this certificate's key, and only it. */
  chromiumFlag: string;
  remove: () => void;
}

export async function benchTls(): Promise<BenchTls> {
  const files = await selfSignedCertificate();
  const spki = new X509Certificate(files.cert).publicKey.export({ type: "spki", format: "der" });
  return {
    env: { TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile },
    ca: files.cert,
    chromiumFlag: `--ignore-certificate-errors-spki-list=${createHash("sha256").update(spki).digest("base64")}`,
    remove: files.remove,
  };
}

/** GET `url` trusting `ca`: the status code, or an error when nothing answers. */
export function httpsStatus(url: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { ca }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on("error", reject);
  });
}
