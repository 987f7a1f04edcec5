import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type LoginRequest, LoginResponseSchema, type Profile, type StoredSession } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";
import { type SessionState, saveSession } from "../../../lib/session.ts";
import { getPrivileges } from "./get-privileges.ts";

function displayNameOf(profile: Profile): string {
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
  return profile.representation || fullName || profile.email || "";
}

/** POST /api/auth, then the privileges of the new session (SPEC §4 "Logged out to logged in"). */
export async function login(body: LoginRequest): Promise<SessionState> {
  const response = await apiRequest("/api/auth", { body, schema: LoginResponseSchema, token: false });
  const { profile } = response;
  const session: StoredSession = {
    displayName: displayNameOf(profile),
    username: profile.email ?? profile.representation ?? "",
    expireDate: response.expireDate,
    expiresIn: response.expiresIn,
    userid: profile.user_id,
    idToken: response.access_token,
    refreshToken: response.data,
    registered: true,
  };
  const privileges = await getPrivileges(session.idToken);
  return { session, profile, privileges };
}

/** The sign-in form shows its own failures (the "Oops" alert), so no toast here. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { handlesErrors: true },
    onSuccess: (state) => {
      queryClient.clear();
      saveSession(state);
    },
  });
}
