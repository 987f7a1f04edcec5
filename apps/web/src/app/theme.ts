import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

/** A clinical teal: shade 7 (#0f766e) carries white text at 5.5:1, so filled buttons pass WCAG AA. */
const brand: MantineColorsTuple = [
  "#f0fdfa",
  "#ccfbf1",
  "#99f6e4",
  "#5eead4",
  "#2dd4bf",
  "#14b8a6",
  "#0d9488",
  "#0f766e",
  "#115e59",
  "#134e4a",
];

/**
 * Mantine's orange with its darkest shade one step darker: the default orange.9 (#d9480f) is 4.3:1
 * on white, below WCAG AA for the warnings written in it ("Back ordered · expected …", a pending
 * email); #b8420d is 5.5:1.
 */
const orange: MantineColorsTuple = [
  "#fff4e6",
  "#ffe8cc",
  "#ffd8a8",
  "#ffc078",
  "#ffa94d",
  "#ff922b",
  "#fd7e14",
  "#f76707",
  "#e8590c",
  "#b8420d",
];

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, orange },
  defaultRadius: "md",
  cursorType: "pointer",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  headings: {
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
    fontWeight: "700",
  },
  components: {
    Modal: {
      defaultProps: { size: 478, centered: true, closeButtonProps: { "aria-label": "Close" } },
      styles: { title: { fontSize: "var(--mantine-font-size-lg)", fontWeight: 700 } },
    },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close menu" } } },
    // Toasts: a named close button, and a message darker than Mantine's gray.6 (below 4.5:1 on white).
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Close notification" } },
      styles: { description: { color: "var(--mantine-color-gray-7)" } },
    },
  },
});

/**
 * Mantine's default dimmed grey (gray.6) and error red (red.6) are below 4.5:1 on white; one shade
 * darker keeps secondary text and field errors readable (WCAG AA).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": t.colors.gray[7] ?? "#495057",
    "--mantine-color-error": t.colors.red[9] ?? "#c92a2a",
    // Text of light and subtle variants (alerts, subtle buttons, light badges): Mantine's shade 6
    // is below 4.5:1 on their tinted backgrounds; shade 9 (brand 8, gray 8) is not.
    "--mantine-color-red-light-color": t.colors.red[9] ?? "#c92a2a",
    "--mantine-color-brand-light-color": t.colors.brand?.[8] ?? "#115e59",
    "--mantine-color-blue-light-color": t.colors.blue[9] ?? "#1864ab",
    "--mantine-color-gray-light-color": t.colors.gray[8] ?? "#343a40",
  },
  dark: {},
});
