import { Badge, type BadgeProps, useMantineTheme } from "@mantine/core";
import type { ReactNode } from "react";

type Tone = "teal" | "gray" | "blue" | "grape" | "orange" | "red";

/**
 * A light badge whose text is the tone's darkest shade, so small labels keep WCAG AA contrast
 * (Mantine's light variant uses shade 6 text, too pale on its tint).
 */
export function ToneBadge({ tone, children, ...props }: { tone: Tone; children: ReactNode } & BadgeProps) {
  const theme = useMantineTheme();
  return (
    <Badge variant="light" color={theme.colors[tone]?.[9]} {...props}>
      {children}
    </Badge>
  );
}

/** Active / Inactive of a user, department, cost center or product. */
export function StatusBadge({ active }: { active: boolean }) {
  return <ToneBadge tone={active ? "teal" : "gray"}>{active ? "Active" : "Inactive"}</ToneBadge>;
}
