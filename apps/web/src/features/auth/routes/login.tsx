import { Anchor, Divider, Text } from "@mantine/core";
import { REDIRECT_PARAM, safeRedirectPath } from "@vetportal/contract";
import { Link, Navigate, useSearchParams } from "react-router";
import { FOCUS_HEADING_STATE } from "../../../lib/focus-heading.ts";
import { useSession } from "../../../lib/session.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { LoginForm } from "../components/login-form.tsx";

/**
 * /login (SPEC §2). A signed-in user has nothing to do here: they go to the page they asked for
 * before signing in (?next=, only a path of this site: safeRedirectPath), else home, and focus
 * moves to that page's heading.
 */
export function LoginRoute() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session) {
    const to = safeRedirectPath(params.get(REDIRECT_PARAM)) ?? "/";
    return <Navigate to={to} replace state={FOCUS_HEADING_STATE} />;
  }

  return (
    <AuthLayout title="Sign in" subtitle="Order supplies for your practice.">
      <LoginForm />
      <Divider />
      <Text size="sm" ta="center">
        New to Vet Portal?{" "}
        <Anchor component={Link} to="/UserRegistration" fw={600} underline="always">
          Create an Account
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
