import { Anchor, Box, Center, Image, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import logoUrl from "../../../assets/logo.svg";

const BACKDROP =
  "radial-gradient(circle at 15% 10%, var(--mantine-color-brand-1) 0, transparent 40%), radial-gradient(circle at 90% 90%, var(--mantine-color-brand-0) 0, transparent 45%), var(--mantine-color-gray-0)";

/**
 * The pages outside the signed-in layout (sign-in, sign-up, set password): one card on a tinted
 * backdrop, the logo, the page's one heading and its subtitle. `logoTo` makes the logo a link.
 */
export function AuthLayout({
  title,
  subtitle,
  maw = 440,
  logoTo,
  children,
}: {
  title: string;
  subtitle?: string;
  maw?: number;
  logoTo?: string;
  children: ReactNode;
}) {
  return (
    <Box component="main" mih="100dvh" px="md" pt={72} pb={48} style={{ background: BACKDROP }}>
      <title>{`${title} · Vet Portal`}</title>
      <Center mih="calc(100dvh - 120px)">
        <Paper withBorder shadow="md" radius="lg" p={{ base: "lg", sm: 36 }} w="100%" maw={maw}>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              {logoTo ? (
                <Anchor component={Link} to={logoTo} aria-label="Vet Portal sign-in">
                  <Image src={logoUrl} alt="" w={190} h={48} />
                </Anchor>
              ) : (
                <Image src={logoUrl} alt="Vet Portal" w={190} h={48} />
              )}
              <Title order={1} size="h2" ta="center" mt="sm">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" ta="center">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
