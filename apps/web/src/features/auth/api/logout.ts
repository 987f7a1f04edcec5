import { okSchema } from "@vetportal/contract";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { clearSession, getIdToken } from "../../../lib/session.ts";

const LogoutResponseSchema = okSchema(z.null());

/**
 * Logout (SPEC §4): the stored session, profile and privileges are removed at once; the server is
 * told to revoke the token, and a failure there changes nothing for the user.
 */
export async function logout(): Promise<void> {
  const token = getIdToken();
  clearSession(true);
  if (!token) return;
  await apiRequest("/api/auth/logout", { schema: LogoutResponseSchema, token }).catch(() => undefined);
}

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    void logout();
    navigate("/login", { replace: true });
  }, [navigate]);
}
