import { describe, expect, it } from "vitest";
import { freshnessNote } from "./report-format.ts";

describe("the note on the report's freshness", () => {
  it("says nothing when reports read the primary or the replica is nearly current", () => {
    expect(freshnessNote(undefined)).toBeNull();
    expect(freshnessNote({ as_of: "2026-11-24T18:42:00Z", replica_lag_seconds: null })).toBeNull();
    expect(freshnessNote({ as_of: "2026-11-24T18:42:00Z", replica_lag_seconds: 0 })).toBeNull();
    expect(freshnessNote({ as_of: "2026-11-24T18:42:00Z", replica_lag_seconds: 60 })).toBeNull();
  });

  it("gives the figures' time in the portal's zone and how far the replica is behind", () => {
    expect(freshnessNote({ as_of: "2026-11-24T18:42:00Z", replica_lag_seconds: 185 })).toBe(
      "Figures as of 10:42 AM PST (replica 3 min behind)",
    );
    expect(freshnessNote({ as_of: "2026-11-24T18:42:00Z", replica_lag_seconds: 7400 })).toBe(
      "Figures as of 10:42 AM PST (replica 2 h behind)",
    );
    expect(freshnessNote({ as_of: "2026-11-24T18:42:00Z", replica_lag_seconds: 50_000 })).toBe(
      "Figures as of 11/24/2026 10:42 AM PST (replica 14 h behind)",
    );
  });
});
