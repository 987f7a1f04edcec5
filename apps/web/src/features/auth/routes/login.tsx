import { Anchor, Box, Center, Divider, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { REDIRECT_PARAM, safeRedirectPath } from "@vetportal/contract";
import { Link, Navigate, useSearchParams } from "react-router";
import logoUrl from "../../../assets/logo.svg";
import { FOCUS_HEADING_STATE } from "../../../lib/focus-heading.ts";
import { useSession } from "../../../lib/session.ts";
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
      <title>Sign in · Vet Portal</title>
      <Center mih="calc(100dvh - 120px)">
        <Paper withBorder shadow="md" radius="lg" p={{ base: "lg", sm: 36 }} w="100%" maw={440}>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <Image src={logoUrl} alt="Vet Portal" w={190} h={48} />
              <Title order={1} size="h2" ta="center" mt="sm">
                Sign in
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                Order supplies for your practice.
              </Text>
            </Stack>
            <LoginForm />
            <Divider />
            <Text size="sm" ta="center">
              New to Vet Portal?{" "}
              <Anchor component={Link} to="/UserRegistration" fw={600} underline="always">
                Create an Account
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
