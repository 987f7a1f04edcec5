import { Anchor, Box, Center, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, Navigate } from "react-router";
import logoUrl from "../../../assets/logo.svg";
import { FOCUS_HEADING_STATE } from "../../../lib/focus-heading.ts";
import { useSession } from "../../../lib/session.ts";
import { SignUpForm } from "../components/sign-up-form.tsx";

/**
 * /UserRegistration (SPEC §2): sign-up, outside the signed-in layout. A signed-in user (a new
 * practice is signed in right after sign-up) goes home, with focus on its heading.
 */
export function UserRegistrationRoute() {
  const session = useSession();
  if (session) return <Navigate to="/" replace state={FOCUS_HEADING_STATE} />;

  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      pt={72}
      pb={48}
      style={{
        background:
          "radial-gradient(circle at 15% 10%, var(--mantine-color-brand-1) 0, transparent 40%), radial-gradient(circle at 90% 90%, var(--mantine-color-brand-0) 0, transparent 45%), var(--mantine-color-gray-0)",
      }}
    >
      <title>Create an Account · Vet Portal</title>
      <Center mih="calc(100dvh - 120px)">
        <Paper withBorder shadow="md" radius="lg" p={{ base: "lg", sm: 36 }} w="100%" maw={600}>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <Anchor component={Link} to="/login" aria-label="Vet Portal sign-in">
                <Image src={logoUrl} alt="" w={190} h={48} />
              </Anchor>
              <Title order={1} size="h2" ta="center" mt="sm">
                Create an Account
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                Register your practice to order pet-health education products.
              </Text>
            </Stack>
            <SignUpForm />
            <Text size="sm" ta="center">
              Already have an account?{" "}
              <Anchor component={Link} to="/login" underline="always">
                Sign in
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
