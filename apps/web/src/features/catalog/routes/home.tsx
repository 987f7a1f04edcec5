import { Stack, Text, Title } from "@mantine/core";
import { useSettings } from "../../../lib/get-settings.ts";
import { useLogEvent } from "../../../lib/log-event.ts";
import { CategoryGrid } from "../components/category-grid.tsx";
import { InsuranceBanner } from "../components/insurance-banner.tsx";

/** "/" — the category list titled Products (SPEC §2). */
export function HomeRoute() {
  const settings = useSettings();
  useLogEvent({ event: "home" });
  return (
    <Stack gap="xl">
      <title>Products · Vet Portal</title>
      <InsuranceBanner href={settings.data?.pet_insurance_url} />
      <Stack gap={4}>
        <Title order={1}>Products</Title>
        <Text c="dimmed">Choose a category to see its products.</Text>
      </Stack>
      <CategoryGrid />
    </Stack>
  );
}
