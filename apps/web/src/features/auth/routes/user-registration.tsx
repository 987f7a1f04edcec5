import { Anchor, Text } from "@mantine/core";
import { Link, Navigate } from "react-router";
import { FOCUS_HEADING_STATE } from "../../../lib/focus-heading.ts";
import { useSession } from "../../../lib/session.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { SignUpForm } from "../components/sign-up-form.tsx";

/**
 * /UserRegistration (SPEC §2): sign-up, outside the signed-in layout. A signed-in user (a new
 * practice is signed in right after sign-up) goes home, with focus on its heading.
 */
export function UserRegistrationRoute() {
  const session = useSession();
  if (session) return <Navigate to="/" replace state={FOCUS_HEADING_STATE} />;

  return (
    <AuthLayout
      title="Create an Account"
      subtitle="Register your practice to order pet-health education products."
      maw={600}
      logoTo="/login"
    >
      <SignUpForm />
      <Text size="sm" ta="center">
        Already have an account?{" "}
        <Anchor component={Link} to="/login" underline="always">
          Sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
