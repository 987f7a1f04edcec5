import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { PasswordForm } from "../components/password-form.tsx";
import { PersonalInfoForm } from "../components/personal-info-form.tsx";
import { UserAddresses } from "../components/user-addresses.tsx";

function AccountPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Stack gap="lg" maw={960}>
      <title>{`${title} · Vet Portal`}</title>
      <PageCrumbs trail={[{ to: "/Users/Account", label: "Account" }]} current={title} />
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{intro}</Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        {children}
      </Paper>
    </Stack>
  );
}

/** /Account/UserPersonalInfo (SPEC §2): the Personal Info form on its own. */
export function UserPersonalInfoRoute() {
  return (
    <AccountPage title="Personal Info" intro="Your name, title, email and phone numbers.">
      <PersonalInfoForm />
    </AccountPage>
  );
}

/** /Account/UserChangePswd (SPEC §2): the change-password form on its own. */
export function UserChangePasswordRoute() {
  return (
    <AccountPage title="Change Password" intro="Choose a new password for signing in.">
      <PasswordForm />
    </AccountPage>
  );
}

/** /Account/UserAddress (SPEC §2): own addresses and the add-address form on their own. */
export function UserAddressRoute() {
  return (
    <AccountPage title="Addresses" intro="Your saved addresses, and a form to add one.">
      <UserAddresses headingOrder={2} />
    </AccountPage>
  );
}
