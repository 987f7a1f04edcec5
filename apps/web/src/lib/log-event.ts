import type { EventLogRequestSchema } from "@vetportal/contract";
import { okSchema } from "@vetportal/contract";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { afterLoad } from "./after-load.ts";
import { apiRequest } from "./api-client.ts";
import { getSession } from "./session.ts";

export type PageEvent = z.input<typeof EventLogRequestSchema>;

const EventLogResponseSchema = okSchema(z.null());

// POST /api/user/eventLog (SPEC §7) records page touches from the catalogue and the cart features,
// so this one endpoint lives in lib/ (STYLE §1).

/** Fire and forget, once the page has loaded: a touch that cannot be recorded is not the user's problem. */
export function logEvent(event: PageEvent): void {
  afterLoad()
    .then(() =>
      // Signed out while it waited: nobody's touch to record (the request would be refused).
      getSession()
        ? apiRequest("/api/user/eventLog", { body: event, schema: EventLogResponseSchema, priority: "low" })
        : null,
    )
    .catch(() => undefined);
}

/** Records a page touch once per distinct event while the page is shown; null records nothing. */
export function useLogEvent(event: PageEvent | null): void {
  const key = event ? JSON.stringify(event) : null;
  const logged = useRef<string | null>(null);
  useEffect(() => {
    // The ref also keeps React's development double-run of effects from logging twice.
    if (key === null || logged.current === key) return;
    logged.current = key;
    logEvent(JSON.parse(key) as PageEvent);
  }, [key]);
}
