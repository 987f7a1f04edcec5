import { ActionIcon, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";

/**
 * Header search (SPEC §2): empty or blank text is ignored; Enter or the search button opens
 * /category/{URL-encoded text}, where a non-numeric value searches product names and SKUs (issue 23 §3).
 */
export function ProductSearch() {
  const [text, setText] = useState("");
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`/category/${encodeURIComponent(query)}`);
  }

  return (
    <search style={{ display: "block", width: "100%" }}>
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          type="search"
          aria-label="Search products"
          placeholder="Search by name or SKU"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          radius="xl"
          maxLength={200}
          rightSectionWidth={42}
          rightSectionPointerEvents="all"
          rightSection={
            <ActionIcon type="submit" radius="xl" size={30} aria-label="Search">
              <IconSearch size={16} aria-hidden />
            </ActionIcon>
          }
        />
      </form>
    </search>
  );
}
