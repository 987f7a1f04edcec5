import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import classes from "./shell-parts.module.css";

interface Look {
  variant: "light" | "default";
  /** The icon before the label. */
  icon: ReactNode;
  /** What follows the label (a count). */
  after?: ReactNode;
  /** Padding "xs" on both sides (the phone's Cart). */
  compact?: boolean;
  /** Mantine's responsive class: "mantine-visible-from-sm", "mantine-hidden-from-sm". */
  responsive?: string;
  children: ReactNode;
}

function lookClass({ variant, compact, responsive }: Look): string {
  return [
    classes.button,
    classes[variant],
    compact && classes.compact,
    responsive,
    "mantine-focus-auto",
    "mantine-active",
  ]
    .filter(Boolean)
    .join(" ");
}

function Inner({ icon, after, children }: Look) {
  return (
    <span className={classes.buttonInner}>
      <span className={classes.buttonSection} data-position="left">
        {icon}
      </span>
      <span className={classes.buttonLabel}>{children}</span>
      {after && (
        <span className={classes.buttonSection} data-position="right">
          {after}
        </span>
      )}
    </span>
  );
}

/** A header button with Mantine's Button look (size sm), as a plain `button` (decision 034). */
export function ShellButton({
  variant,
  icon,
  after,
  compact,
  responsive,
  children,
  ...button
}: Look & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children">) {
  const look = { variant, icon, after, compact, responsive, children };
  return (
    <button type="button" {...button} className={lookClass(look)}>
      <Inner {...look} />
    </button>
  );
}

/** The same look on a link (the phone's Cart). */
export function ShellButtonLink({
  variant,
  icon,
  after,
  compact,
  responsive,
  children,
  ...link
}: Look & Omit<LinkProps, "children" | "className">) {
  const look = { variant, icon, after, compact, responsive, children };
  return (
    <Link {...link} className={lookClass(look)}>
      <Inner {...look} />
    </Link>
  );
}

/** Mantine's Burger (size md) as a plain button: three lines, a cross while the menu is open. */
export function ShellBurger({
  opened,
  responsive,
  ...button
}: { opened: boolean; responsive?: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children">) {
  return (
    <button
      type="button"
      {...button}
      className={[classes.burger, responsive, "mantine-focus-auto"].filter(Boolean).join(" ")}
    >
      <span className={classes.burgerLines} data-opened={opened || undefined} />
    </button>
  );
}
