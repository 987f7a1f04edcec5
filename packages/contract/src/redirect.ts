/**
 * Where a sign-in may send the user afterwards (issue 11): the protected page they asked for, kept
 * in /login?next=…. Only a path of this site is accepted — never another origin, so a link to
 * /login?next=//evil.example cannot turn the sign-in page into an open redirect. Refused: anything
 * not starting with one "/", protocol-relative "//" and "/\" forms, backslashes anywhere (browsers
 * read them as "/"), control characters and whitespace, the sign-in page itself (a loop), and any
 * target whose normalised path starts with "//" (dot segments: "/.//host"). The answer is the
 * normalised path with its query and fragment, or undefined.
 */
export function safeRedirectPath(target: string | null | undefined): string | undefined {
  if (!target || target.length > 2000) return undefined;
  if (!target.startsWith("/") || target.startsWith("//")) return undefined;
  // Backslashes, control characters and any whitespace: browsers drop or rewrite them, so what they
  // would open is not what was checked.
  if (/[\\\s\p{Cc}]/u.test(target)) return undefined;
  const base = "https://vetportal.invalid";
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  // The checks above saw the target before normalisation: "/.//evil.example", "/..//evil.example"
  // or "/%2e%2e//evil.example" become "//evil.example", another host to a browser. The answer is
  // checked again as what it is.
  if (url.pathname.startsWith("//")) return undefined;
  if (url.pathname.toLowerCase() === "/login") return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The query parameter of /login that carries the page to open after signing in. */
export const REDIRECT_PARAM = "next";
