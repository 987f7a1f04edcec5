import { Badge, type BadgeProps, darken, useMantineTheme } from "@mantine/core";
import type { ReactNode } from "react";

type Tone = "teal" | "gray" | "blue" | "grape" | "orange" | "red";

/**
 * A light badge whose text is darker than the tone's darkest shade, so its small label keeps WCAG
 * AA contrast on its tint, on white and on striped rows (Mantine's light variant text is too pale).
 */
export function ToneBadge({ tone, children, ...props }: { tone: Tone; children: ReactNode } & BadgeProps) {
  const theme = useMantineTheme();
  const shade = theme.colors[tone]?.[9] ?? "#000";
  return (
    <Badge variant="light" color={shade} c={darken(shade, 0.3)} {...props}>
      {children}
    </Badge>
  );
}

/** Active / Inactive of a user, department, cost center or product. */
export function StatusBadge({ active }: { active: boolean }) {
  return <ToneBadge tone={active ? "teal" : "gray"}>{active ? "Active" : "Inactive"}</ToneBadge>;
}
