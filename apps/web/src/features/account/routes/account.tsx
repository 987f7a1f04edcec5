import { Anchor, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { useSession } from "../../../lib/session.ts";
import { PasswordForm } from "../components/password-form.tsx";
import { PersonalInfoForm } from "../components/personal-info-form.tsx";
import { UserAddresses } from "../components/user-addresses.tsx";

const TABS = ["personal", "security", "addresses"] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/**
 * /Users/Account (SPEC §2): tabs Personal Info, Security and Addresses, for any signed-in user. A
 * practice signed in by its address has no password to change (decision 012): no Security tab.
 */
export function AccountRoute() {
  const [params, setParams] = useSearchParams();
  const byAddress = useSession()?.privileges?.sign_in_method === "address";
  const tab = params.get("tab");
  const active: Tab = isTab(tab) && !(byAddress && tab === "security") ? tab : "personal";

  return (
    <Stack gap="lg" maw={960}>
      <title>Account · Vet Portal</title>
      <Stack gap={4}>
        <Title order={1}>Account</Title>
        <Text c="dimmed">
          {byAddress ? "Your personal details and addresses." : "Your personal details, password and addresses."}
        </Text>
        <Anchor component={Link} to="/account/brand" size="sm">
          Your brand on personalised products
        </Anchor>
      </Stack>
      <Tabs
        value={active}
        onChange={(value) => setParams(value && value !== "personal" ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="personal">Personal Info</Tabs.Tab>
          {!byAddress && <Tabs.Tab value="security">Security</Tabs.Tab>}
          <Tabs.Tab value="addresses">Addresses</Tabs.Tab>
        </Tabs.List>
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} mt="md">
          <Tabs.Panel value="personal">
            <PersonalInfoForm />
          </Tabs.Panel>
          {!byAddress && (
            <Tabs.Panel value="security">
              <PasswordForm />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="addresses">
            <UserAddresses headingOrder={2} />
          </Tabs.Panel>
        </Paper>
      </Tabs>
    </Stack>
  );
}
