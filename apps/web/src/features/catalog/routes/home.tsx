import { Stack, Text, Title } from "@mantine/core";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { settingsQueryOptions, useSettings } from "../../../lib/get-settings.ts";
import { useLogEvent } from "../../../lib/log-event.ts";
import { categoriesQueryOptions } from "../api/list-categories.ts";
import { CategoryGrid } from "../components/category-grid.tsx";
import { InsuranceBanner } from "../components/insurance-banner.tsx";

/** The first paint of a fresh visit waits for the banner's link and the categories (lib/first-data-loader.ts). */
export const homeLoader = () =>
  loadFirstData([settingsQueryOptions(), categoriesQueryOptions({ exclude_no_product: 1 })]);

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
